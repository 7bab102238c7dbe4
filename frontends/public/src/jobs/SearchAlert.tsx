import type { SearchParams } from '@b2g/contracts';
import { Button } from '@b2g/ui';
import Bell from 'lucide-react/icons/bell';
import { lazy, Suspense, useState } from 'react';
import type { AlertDialogProps } from './AlertDialog.js';

/** The dialog, loaded when it first opens (see AlertDialog.tsx). */
const AlertDialog = lazy(() => import('./AlertDialog.js'));

/**
 * The alert dialog of a /jobs search, for any control that offers alerts: controlled by `open`
 * and `onOpenChange`, loaded the first time it opens and mounted from then on, so closing keeps
 * Radix's exit and the focus's return to the control.
 */
export function SearchAlertDialog(props: AlertDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialog {...props} />
    </Suspense>
  );
}

/**
 * 'Get alerts for this search': opens the alert dialog, one flow for visitors and signed-in
 * users (see AlertDialog.tsx).
 */
export function SearchAlertButton({ query }: { query: SearchParams }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Bell aria-hidden="true" />
        Get alerts for this search
      </Button>
      <SearchAlertDialog open={open} onOpenChange={setOpen} query={query} />
    </>
  );
}
