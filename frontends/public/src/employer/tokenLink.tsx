import { Alert, AlertDescription } from '@b2g/ui';
import { apiRequest, errorMessage, useMutation } from '@b2g/web-platform';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AuthLayout } from '../auth/AuthLayout.js';
import { SignInLinkForm } from './SignInLinkForm.js';

/**
 * The token of an e-mailed link, from the address's fragment (a browser never sends it to a
 * server). It leaves the address bar and the history before the page's effects run, so no
 * request, link or later Referer carries it.
 */
export function useFragmentToken(): string {
  const [token] = useState(
    () => new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() ?? '',
  );
  useLayoutEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

/**
 * Posts an e-mailed link's token to `path` once, as the page opens (a token works once, so not
 * again when effects run twice). Without a token nothing is sent.
 */
export function useTokenLink<T>(path: string, onSuccess?: (answer: T) => void) {
  const token = useFragmentToken();
  const exchange = useMutation({
    mutationFn: () => apiRequest<T>('POST', path, { token }),
    onSuccess,
  });
  const sent = useRef(false);
  const { mutate } = exchange;
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate();
  }, [token, mutate]);
  return { token, exchange };
}

export interface LinkRefusedProps {
  title: string;
  description: string;
  /** The failed exchange, if one was sent: the server's words show, else `fallback`. */
  error: unknown;
  fallback: string;
}

/** A link that did not work: why, and the form that e-mails a new sign-in link. */
export function LinkRefused({ title, description, error, fallback }: LinkRefusedProps) {
  return (
    <AuthLayout title={title} description={description}>
      <Alert variant="destructive">
        <AlertDescription>{error ? errorMessage(error, fallback) : fallback}</AlertDescription>
      </Alert>
      <SignInLinkForm />
    </AuthLayout>
  );
}
