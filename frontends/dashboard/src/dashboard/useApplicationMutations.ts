import type { ApplicationWithJob, updateApplicationRequestSchema } from '@b2g/contracts';
import { apiRequest, toast, useMutation, toastError } from '@b2g/web-platform';
import type { input } from 'zod';
import { useRefreshDashboard } from './queries.js';

function failed(fallback: string) {
  return (error: unknown) => toastError('Error', error, fallback);
}

/** A PATCH body: any of status, notes, follow-up date and contact fields. */
export type ApplicationChanges = input<typeof updateApplicationRequestSchema>;

/** Update and removal of one tracked application, each with its toast and refreshed reads. */
export function useApplicationMutations(applicationId: string) {
  const refresh = useRefreshDashboard();
  const path = `/api/user/applications/${encodeURIComponent(applicationId)}`;
  const update = useMutation({
    mutationFn: (body: ApplicationChanges) => apiRequest<ApplicationWithJob>('PATCH', path, body),
    onSuccess: async () => {
      toast({ title: 'Application updated', description: 'Your changes have been saved.' });
      await refresh();
    },
    onError: failed('Failed to update application.'),
  });
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', path),
    onSuccess: async () => {
      toast({
        title: 'Application removed',
        description: 'The application is no longer tracked.',
      });
      await refresh();
    },
    onError: failed('Failed to remove application.'),
  });
  return { update, remove };
}
