import { Alert, AlertDescription, AlertTitle, Button } from '@b2g/ui';
import { errorMessage } from './api.js';
import { toast } from './toast.js';

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

/** The destructive toast of a failed request: its title and the server's words, else `fallback`. */
export function toastError(title: string, error: unknown, fallback: string): void {
  toast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
}

/**
 * The alert of a failed read (a 429 among others), which is not an empty result: a title, the
 * server's words or the fallback, and Retry.
 */
export function ReadFailedAlert({
  title,
  query,
  fallback,
}: {
  title: string;
  query: { error: unknown; refetch: () => Promise<unknown> };
  fallback: string;
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{errorMessage(query.error, fallback)}</AlertDescription>
      <div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </div>
    </Alert>
  );
}
