import {
  ALERT_FREQUENCY_OPTIONS,
  jobsSearchPath,
  type AlertFrequency,
  type ManagedAlertResponse,
  type MessageResponse,
} from '@b2g/contracts';
import { Alert, AlertDescription, Button, FormField, SimpleSelect, space } from '@b2g/ui';
import { apiRequest, errorMessage, Link, useLocation, useMutation } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { AuthLayout } from '../auth/AuthLayout.js';

type Action = 'confirm' | 'manage' | 'unsubscribe';

/**
 * The token of a mailed alert link: it is in the fragment (never sent to a server, so in no
 * access log), read once, then taken out of the address bar and the history.
 */
function useLinkToken(): string {
  const [token] = useState(
    () => new URLSearchParams(window.location.hash.slice(1)).get('token')?.trim() ?? '',
  );
  useEffect(() => {
    if (window.location.hash)
      window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}

/**
 * /alerts/confirm, /alerts/manage and /alerts/unsubscribe: a visitor's alert, opened from the
 * links in its e-mails, without an account.
 */
export default function AlertLinkPage() {
  const { pathname } = useLocation();
  const action = (pathname.split('/').at(-1) ?? 'manage') as Action;
  const token = useLinkToken();
  if (!token)
    return (
      <AuthLayout title="Invalid alert link" description="This link is incomplete.">
        <Alert variant="destructive">
          <AlertDescription>Open the link from your e-mail again.</AlertDescription>
        </Alert>
      </AuthLayout>
    );
  if (action === 'confirm') return <ConfirmAlert token={token} />;
  if (action === 'unsubscribe') return <Unsubscribe token={token} />;
  return <ManageAlert token={token} />;
}

/** A failed request's alert: the server's words, else "Please try again." */
function FailedAlert({ error }: { error: unknown }) {
  return (
    <Alert variant="destructive">
      <AlertDescription>{errorMessage(error, 'Please try again.')}</AlertDescription>
    </Alert>
  );
}

function ConfirmAlert({ token }: { token: string }) {
  const confirm = useMutation({
    mutationFn: () => apiRequest<ManagedAlertResponse>('POST', '/api/alerts/confirm', { token }),
  });
  const { mutate } = confirm;
  useEffect(() => mutate(), [mutate]);
  if (confirm.isError)
    return (
      <AuthLayout title="Alert not confirmed" description="This confirmation link did not work.">
        <FailedAlert error={confirm.error} />
      </AuthLayout>
    );
  if (!confirm.isSuccess) return <AuthLayout title="Confirming your alert..." />;
  const { alert } = confirm.data;
  return (
    <AuthLayout
      title="Your alert is on"
      description={`We will e-mail you new jobs matching: ${alert.name}`}
    >
      <Button asChild fullWidth>
        <Link to={jobsSearchPath(alert.query)}>See the jobs now</Link>
      </Button>
    </AuthLayout>
  );
}

function Unsubscribe({ token }: { token: string }) {
  return (
    <AuthLayout title="Unsubscribe from this alert" description="No more e-mails for this search.">
      <UnsubscribeControls token={token} />
    </AuthLayout>
  );
}

/** The unsubscribe button, then what it did; the visitor clicks it (mail scanners do not). */
function UnsubscribeControls({ token }: { token: string }) {
  const unsubscribe = useMutation({
    mutationFn: () => apiRequest<MessageResponse>('POST', '/api/alerts/unsubscribe', { token }),
  });
  if (unsubscribe.isSuccess)
    return (
      <Alert>
        <AlertDescription>{unsubscribe.data.message}</AlertDescription>
      </Alert>
    );
  return (
    <>
      {unsubscribe.isError ? <FailedAlert error={unsubscribe.error} /> : null}
      <Button fullWidth disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
        Unsubscribe
      </Button>
    </>
  );
}

function ManageAlert({ token }: { token: string }) {
  const read = useMutation({
    mutationFn: () => apiRequest<ManagedAlertResponse>('POST', '/api/alerts/manage', { token }),
  });
  const change = useMutation({
    mutationFn: (changes: { frequency?: AlertFrequency; active?: boolean }) =>
      apiRequest<ManagedAlertResponse>('PATCH', '/api/alerts/manage', { token, ...changes }),
  });
  const { mutate } = read;
  useEffect(() => mutate(), [mutate]);
  const alert = change.data?.alert ?? read.data?.alert;
  const failure = read.error ?? change.error;
  if (!alert)
    return (
      <AuthLayout title="Your alert">{failure ? <FailedAlert error={failure} /> : null}</AuthLayout>
    );
  return (
    <AuthLayout title="Your alert" description={alert.name}>
      <div css={css({ display: 'grid', gap: space[4] })}>
        {failure ? <FailedAlert error={failure} /> : null}
        <FormField label="How often" id="manage-frequency">
          <SimpleSelect
            options={ALERT_FREQUENCY_OPTIONS}
            value={alert.frequency}
            onValueChange={(value) => change.mutate({ frequency: value as AlertFrequency })}
          />
        </FormField>
        <Button
          variant="outline"
          disabled={change.isPending}
          onClick={() => change.mutate({ active: !alert.active })}
        >
          {alert.active ? 'Pause alert' : 'Resume alert'}
        </Button>
        <Button asChild variant="ghost">
          <Link to={jobsSearchPath(alert.query)}>See the jobs</Link>
        </Button>
        <UnsubscribeControls token={token} />
      </div>
    </AuthLayout>
  );
}
