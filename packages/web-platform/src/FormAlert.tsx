import { Alert, AlertDescription, AlertTitle } from '@b2g/ui';
import { errorMessage } from './api.js';

/** What FormAlert reads of a form's mutation (a `useMutation` result). */
export interface FailedSubmission {
  isError: boolean;
  error: unknown;
}

/**
 * The inline alert of a failed form (spec §8), shown once its mutation has failed: a title and
 * the server's words, else the fallback ("<title>. Please try again." unless given).
 */
export function FormAlert({
  title,
  mutation,
  fallback = `${title}. Please try again.`,
}: {
  title: string;
  mutation: FailedSubmission;
  fallback?: string;
}) {
  if (!mutation.isError) return null;
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{errorMessage(mutation.error, fallback)}</AlertDescription>
    </Alert>
  );
}
