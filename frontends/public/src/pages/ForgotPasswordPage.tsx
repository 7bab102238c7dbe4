import {
  forgotPasswordRequestSchema,
  RESET_TOKEN_TTL_MS,
  type ForgotPasswordRequest,
  type MessageResponse,
} from '@b2g/contracts';
import { Button, colors, FormField, Input, space, SubmitButton } from '@b2g/ui';
import { apiRequest, Link, FormAlert, useMutation } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import MailCheck from 'lucide-react/icons/mail-check';
import { AuthLayout, formStyles } from '../auth/AuthLayout.js';

const HOUR_MS = 3_600_000;
const hours = RESET_TOKEN_TTL_MS / HOUR_MS;
export const RESET_LINK_LIFETIME = `${hours} hour${hours === 1 ? '' : 's'}`;

export default function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequestSchema),
    defaultValues: { email: '' },
  });
  const send = useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiRequest<MessageResponse>('POST', '/api/auth/forgot-password', body),
  });

  if (send.isSuccess) {
    return (
      <AuthLayout
        title="Check your email"
        icon={MailCheck}
        iconTone="success"
        description={
          <>
            If an account exists for <strong>{send.variables.email}</strong>, we&apos;ve sent a link
            to reset your password.
          </>
        }
      >
        <p css={css({ textAlign: 'center', color: colors.muted })}>
          The link expires in {RESET_LINK_LIFETIME}. Didn&apos;t get it? Check your spam folder or
          send another.
        </p>
        <div css={css({ display: 'grid', gap: space[2] })}>
          <Button variant="outline" fullWidth onClick={() => send.reset()}>
            Send another email
          </Button>
          <Button asChild fullWidth>
            <Link to="/login">Back to sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      description="Enter your email address and we'll send you a link to reset your password."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <FormAlert title="Failed to send reset email" mutation={send} />
      <form noValidate css={formStyles} onSubmit={form.handleSubmit((body) => send.mutate(body))}>
        <FormField label="Email" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <SubmitButton fullWidth pending={send.isPending} pendingLabel="Sending...">
          Send reset link
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
