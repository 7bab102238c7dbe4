import {
  ALERT_FREQUENCY_OPTIONS,
  guestSubscribeRequestSchema,
  type AlertFrequency,
  type MessageResponse,
  type SearchParams,
} from '@b2g/contracts';
import {
  Alert,
  AlertDescription,
  Dialog,
  DialogContent,
  DialogFooter,
  FormField,
  Input,
  SimpleSelect,
  space,
  SubmitButton,
} from '@b2g/ui';
import { apiRequest, errorMessage, useMutation } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';

/**
 * The visitor's form of 'Get alerts for this search' (an e-mail address and a frequency, confirmed
 * through the link mailed to it). Its own module: the dialog (Radix, a scroll lock) and the
 * schema's zod load when a visitor first asks for alerts, not with the jobs page.
 */
export default function GuestAlertDialog({
  open,
  onOpenChange,
  query,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: SearchParams;
}) {
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [fieldError, setFieldError] = useState<string>();
  const subscribe = useMutation({
    mutationFn: (body: unknown) =>
      apiRequest<MessageResponse>('POST', '/api/alerts/subscribe', body),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = guestSubscribeRequestSchema.safeParse({ email, query, frequency });
    const emailIssue = parsed.error?.issues.find((issue) => issue.path[0] === 'email');
    setFieldError(emailIssue?.message);
    if (parsed.success) subscribe.mutate(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) subscribe.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent
        title="Get alerts for this search"
        description="We e-mail you new jobs matching this search. No account needed: confirm your address through the link we send, and unsubscribe from any alert with one click."
      >
        {subscribe.isSuccess ? (
          <Alert>
            <AlertDescription>{subscribe.data.message}</AlertDescription>
          </Alert>
        ) : (
          <form noValidate onSubmit={submit} css={css({ display: 'grid', gap: space[4] })}>
            {subscribe.isError ? (
              <Alert variant="destructive">
                <AlertDescription>
                  {errorMessage(subscribe.error, 'Could not start the alert. Please try again.')}
                </AlertDescription>
              </Alert>
            ) : null}
            <FormField label="Email" id="alert-email" error={fieldError}>
              <Input
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </FormField>
            <FormField label="How often" id="alert-frequency">
              <SimpleSelect
                options={ALERT_FREQUENCY_OPTIONS}
                value={frequency}
                onValueChange={(value) => setFrequency(value as AlertFrequency)}
              />
            </FormField>
            <DialogFooter>
              <SubmitButton pending={subscribe.isPending} pendingLabel="Sending...">
                Send confirmation link
              </SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
