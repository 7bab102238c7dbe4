import { Alert, AlertDescription, AlertTitle } from '@b2g/ui';
import { errorMessage } from './api.js';

/** The inline alert of a failed form (spec §8): a title and the server's words or a fallback. */
export function FormAlert({
  title,
  error,
  fallback,
}: {
  title: string;
  error: unknown;
  fallback: string;
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{errorMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}
