import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@b2g/contracts';
import { TooltipProvider } from '@b2g/ui';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { AuthProvider } from './auth.js';
import { Toaster } from './Toaster.js';

/** Query keys whose data belongs to the signed-in user. */
const USER_DATA_PREFIX = '/api/user';

export interface PlatformProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Everything a page shares, created once by the shell (or by a remote running alone): the query
 * client, the auth state, the tooltip provider and the toaster. Render it inside the router.
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
        <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
          {children}
          <Toaster />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
