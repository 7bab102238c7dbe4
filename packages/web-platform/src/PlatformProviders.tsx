import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { AuthProvider } from './auth.js';
import { useToast } from './toast.js';

/** Query keys whose data belongs to the signed-in user. */
const USER_DATA_PREFIX = '/api/user';

// The toaster (Radix Toast with its layers, portal and swipe handling, about 10 KB gzip) loads
// with the first toast, not with the page: most visits never show one.
const Toaster = lazy(() => import('./Toaster.js').then(({ Toaster }) => ({ default: Toaster })));

/** Mounts the toaster once the first toast is raised, and keeps it for the next ones. */
function ToasterOnDemand() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export interface PlatformProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a page shares, created once by the shell (or by a remote running alone): the query
 * client, the auth state and the toaster. Render it inside the router.
 */
export function PlatformProviders({ queryClient, children }: PlatformProvidersProps) {
  const dropUserData = useCallback(() => {
    queryClient.removeQueries({
      predicate: (query) => String(query.queryKey[0] ?? '').startsWith(USER_DATA_PREFIX),
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSessionChange={dropUserData}>
        {children}
        <ToasterOnDemand />
      </AuthProvider>
    </QueryClientProvider>
  );
}
