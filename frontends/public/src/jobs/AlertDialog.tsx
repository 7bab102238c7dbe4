import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_OPTIONS,
  guestSubscribeRequestSchema,
  savedSearchSummary,
  type AlertFrequency,
  type GuestSubscribeResponse,
  type SavedSearch,
  type SearchParams,
} from '@b2g/contracts';
import {
  Alert,
  AlertDescription,
  colors,
  Dialog,
  DialogContent,
  DialogFooter,
  fontSizes,
  fontWeights,
  FormField,
  Input,
  radii,
  SimpleSelect,
  space,
  SubmitButton,
} from '@b2g/ui';
import {
  apiFetch,
  errorMessage,
  Link,
  throwIfResNotOk,
  toast,
  useAuth,
  useMutation,
  useQueryClient,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';

/** The frequency the dialog starts with, for visitors and signed-in users alike. */
const DEFAULT_FREQUENCY: AlertFrequency = 'daily';

/** The dashboard's list of the user's alerts (the query the Alerts tab reads). */
const SAVED_SEARCHES_PATH = '/api/user/saved-searches';

export interface AlertDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The /jobs search the alert is for, as its URL parameters. */
  query: SearchParams;
}

/** A POST whose answer says whether it made something new (201, 202) or found it (200). */
async function postFinding<T>(url: string, body: unknown): Promise<{ body: T; existing: boolean }> {
  const response = await apiFetch(url, { method: 'POST', body: JSON.stringify(body) });
  await throwIfResNotOk(response);
  return { body: (await response.json()) as T, existing: response.status === 200 };
}

const searchBoxStyles = css({
  display: 'grid',
  gap: space[1],
  padding: space[3],
  borderRadius: radii.md,
  background: colors.mutedBackground,
});
const searchLabelStyles = css({
  margin: 0,
  fontSize: fontSizes.xs,
  fontWeight: fontWeights.semibold,
  color: colors.muted,
  textTransform: 'uppercase',
});
const searchNameStyles = css({ margin: 0, fontWeight: fontWeights.semibold });

/**
 * 'Get alerts for this search', one flow for everyone: the dialog names the search and asks how
 * often. A signed-in user's alert is saved at once (managed on the dashboard's Alerts tab); a
 * visitor gives an e-mail address and confirms through the link mailed to it. The same search a
 * second time answers the alert that exists, which the dialog says. Its own module: the dialog
 * (Radix, a scroll lock) and the schema's zod load when someone first asks for alerts.
 */
export default function AlertDialog({ open, onOpenChange, query }: AlertDialogProps) {
  const { isAuthenticated } = useAuth();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>(DEFAULT_FREQUENCY);
  const [fieldError, setFieldError] = useState<string>();
  const summary = savedSearchSummary(query);

  const save = useMutation({
    mutationFn: () => postFinding<SavedSearch>(SAVED_SEARCHES_PATH, { query, frequency }),
    onSuccess: ({ body, existing }) => {
      void queryClient.invalidateQueries({ queryKey: [SAVED_SEARCHES_PATH] });
      if (existing) return;
      toast({ title: 'Alert saved', description: `${body.name}: manage it on your dashboard.` });
      onOpenChange(false);
    },
  });
  const subscribe = useMutation({
    mutationFn: (body: unknown) =>
      postFinding<GuestSubscribeResponse>('/api/alerts/subscribe', body),
  });
  const mutation = isAuthenticated ? save : subscribe;
  const found = subscribe.data?.body;
  const existingFrequency = save.data?.existing
    ? save.data.body.frequency
    : found && 'existing' in found
      ? found.alert.frequency
      : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isAuthenticated) {
      save.mutate();
      return;
    }
    const parsed = guestSubscribeRequestSchema.safeParse({ email, query, frequency });
    const emailIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'email');
    setFieldError(emailIssue?.message);
    if (parsed.success) subscribe.mutate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          save.reset();
          subscribe.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Get alerts for this search"
        description={
          isAuthenticated
            ? 'We e-mail you new jobs matching this search. Change or stop the alert on your dashboard at any time.'
            : 'We e-mail you new jobs matching this search. No account needed: confirm your address through the link we send, and unsubscribe from any alert with one click.'
        }
      >
        <div css={css({ display: 'grid', gap: space[4] })}>
          <section aria-label="The search" css={searchBoxStyles}>
            <p css={searchLabelStyles}>Search</p>
            <p css={searchNameStyles}>{summary}</p>
          </section>
          {existingFrequency ? (
            <Alert>
              <AlertDescription>
                {`You already have an alert for this search (${ALERT_FREQUENCY_LABELS[existingFrequency].toLowerCase()}). `}
                {isAuthenticated ? (
                  <>
                    Change or stop it on <Link to="/dashboard">your dashboard</Link>.
                  </>
                ) : (
                  subscribe.data?.body.message
                )}
              </AlertDescription>
            </Alert>
          ) : subscribe.data ? (
            <Alert>
              <AlertDescription>{subscribe.data.body.message}</AlertDescription>
            </Alert>
          ) : (
            <form noValidate onSubmit={submit} css={css({ display: 'grid', gap: space[4] })}>
              {mutation.isError ? (
                <Alert variant="destructive">
                  <AlertDescription>
                    {errorMessage(mutation.error, 'Could not start the alert. Please try again.')}
                  </AlertDescription>
                </Alert>
              ) : null}
              {isAuthenticated ? null : (
                <FormField label="Email" id="alert-email" error={fieldError}>
                  <Input
                    type="email"
                    autoComplete="email"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                </FormField>
              )}
              <FormField label="How often" id="alert-frequency">
                <SimpleSelect
                  options={ALERT_FREQUENCY_OPTIONS}
                  value={frequency}
                  onValueChange={(value) => setFrequency(value as AlertFrequency)}
                />
              </FormField>
              <DialogFooter>
                {isAuthenticated ? (
                  <SubmitButton pending={save.isPending} pendingLabel="Saving...">
                    Save alert
                  </SubmitButton>
                ) : (
                  <SubmitButton pending={subscribe.isPending} pendingLabel="Sending...">
                    Send confirmation link
                  </SubmitButton>
                )}
              </DialogFooter>
            </form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
