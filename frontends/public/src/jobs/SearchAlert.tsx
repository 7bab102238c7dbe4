import type { SavedSearch, SearchParams } from '@b2g/contracts';
import { Button } from '@b2g/ui';
import { apiRequest, errorMessage, toast, useAuth, useMutation } from '@b2g/web-platform';
import Bell from 'lucide-react/icons/bell';
import { lazy, Suspense, useState } from 'react';

/** The visitor's dialog, loaded when it first opens (see GuestAlertDialog.tsx). */
const GuestAlertDialog = lazy(() => import('./GuestAlertDialog.js'));

/**
 * 'Get alerts for this search': saved at once for a signed-in user (managed on the dashboard's
 * Alerts tab); a visitor gives an e-mail address and confirms through the link mailed to it.
 */
export function SearchAlertButton({ query }: { query: SearchParams }) {
  const { isAuthenticated } = useAuth();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const save = useMutation({
    mutationFn: () => apiRequest<SavedSearch>('POST', '/api/user/saved-searches', { query }),
    onSuccess: (saved) =>
      toast({ title: 'Alert saved', description: `${saved.name}: manage it on your dashboard.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not save the alert',
        description: errorMessage(error, 'Please try again.'),
      }),
  });
  return (
    <>
      <Button
        variant="outline"
        disabled={save.isPending}
        onClick={() => {
          if (isAuthenticated) {
            save.mutate();
            return;
          }
          setOpened(true);
          setOpen(true);
        }}
      >
        <Bell aria-hidden="true" />
        Get alerts for this search
      </Button>
      {/* Mounted from the first opening on, so closing keeps Radix's exit and focus return. */}
      {isAuthenticated || !opened ? null : (
        <Suspense fallback={null}>
          <GuestAlertDialog open={open} onOpenChange={setOpen} query={query} />
        </Suspense>
      )}
    </>
  );
}
