import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  resetPasswordFormSchema,
  type MessageResponse,
  type ResetPasswordForm,
  type ResetPasswordRequest,
} from '@b2g/contracts';
import {
  Alert,
  AlertDescription,
  Button,
  PASSWORD_RESET_REDIRECT_MS,
  PasswordField,
  space,
  SubmitButton,
} from '@b2g/ui';
import {
  apiRequest,
  Link,
  useNavigate,
  useSearchParams,
  FormAlert,
  useMutation,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import CircleCheck from 'lucide-react/icons/circle-check';
import CircleX from 'lucide-react/icons/circle-x';
import { AuthLayout, formStyles } from '../auth/AuthLayout.js';

function InvalidResetLink() {
  return (
    <AuthLayout
      title="Invalid reset link"
      icon={CircleX}
      iconTone="destructive"
      description="This password reset link is invalid or has expired."
    >
      <Alert variant="destructive">
        <AlertDescription>{MESSAGES.resetTokenMissing}</AlertDescription>
      </Alert>
      <div css={css({ display: 'grid', gap: space[2] })}>
        <Button asChild fullWidth>
          <Link to="/forgot-password">Request a new link</Link>
        </Button>
        <Button asChild variant="outline" fullWidth>
          <Link to="/login">Back to sign in</Link>
        </Button>
      </div>
    </AuthLayout>
  );
}

function ResetSucceeded() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => navigate('/login', { replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthLayout
      title="Password reset successful"
      icon={CircleCheck}
      iconTone="success"
      description="Your password has been reset. Redirecting you to sign in..."
    >
      <Button asChild fullWidth>
        <Link to="/login">Go to sign in</Link>
      </Button>
    </AuthLayout>
  );
}

export default function ResetPasswordPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once: the token then leaves the address bar, so it is not kept in the history or sent
  // on as a referrer (history.replaceState through the router).
  const [token] = useState(() => searchParams.get('token')?.trim() ?? '');
  useEffect(() => {
    if (!searchParams.has('token')) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete('token');
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest<MessageResponse>('POST', '/api/auth/reset-password', body),
  });

  if (!token) return <InvalidResetLink />;
  if (reset.isSuccess) return <ResetSucceeded />;

  const { errors } = form.formState;
  return (
    <AuthLayout
      title="Reset your password"
      description="Choose a new password for your account."
      footer={<Link to="/login">Back to sign in</Link>}
    >
      <FormAlert title="Failed to reset password" mutation={reset} />
      <form
        noValidate
        css={formStyles}
        onSubmit={form.handleSubmit((body) => reset.mutate({ token, ...body }))}
      >
        <PasswordField
          label="New Password"
          error={errors.password?.message}
          description={`At least ${PASSWORD_MIN_LENGTH} characters with uppercase, lowercase, a number and one of @$!%*?&.`}
          autoComplete="new-password"
          {...form.register('password')}
        />
        <PasswordField
          label="Confirm New Password"
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
          {...form.register('confirmPassword')}
        />
        <SubmitButton fullWidth pending={reset.isPending} pendingLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
