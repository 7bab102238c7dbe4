import { loginRequestSchema, type AuthResponse, type LoginRequest } from '@b2g/contracts';
import { fontSizes, FormField, Input, Label, space, SubmitButton } from '@b2g/ui';
import {
  apiRequest,
  Link,
  useAuth,
  useNavigate,
  useSearchParams,
  FormAlert,
  useMutation,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { AuthLayout, formStyles } from '../auth/AuthLayout.js';
import { FormCheckbox } from '../forms/FormCheckbox.js';
import { safeRedirect } from '../auth/redirect.js';
import { assertAuthSuccess } from '../auth/submit.js';
import { spreadRowStyles } from './styles.js';

export default function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { emailOrUsername: '', password: '', rememberMe: false },
  });
  const signIn = useMutation({
    mutationFn: async (body: LoginRequest) =>
      assertAuthSuccess(await apiRequest<AuthResponse>('POST', '/api/auth/login', body)),
    onSuccess: ({ token, user }) => {
      login(token, user);
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    },
  });
  const { errors } = form.formState;

  return (
    <AuthLayout
      title="Sign In"
      description="Welcome back. Sign in to track applications and saved jobs."
      footer={
        <p>
          Don&apos;t have an account? <Link to="/register">Sign up</Link>
        </p>
      }
    >
      <FormAlert title="Login failed" mutation={signIn} />
      <form noValidate css={formStyles} onSubmit={form.handleSubmit((body) => signIn.mutate(body))}>
        <FormField label="Email or Username" error={errors.emailOrUsername?.message}>
          <Input autoComplete="username" {...form.register('emailOrUsername')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <div css={spreadRowStyles}>
          <div css={css({ display: 'flex', alignItems: 'center', gap: space[2] })}>
            <FormCheckbox control={form.control} name="rememberMe" id="rememberMe" />
            <Label htmlFor="rememberMe">Remember me</Label>
          </div>
          <Link to="/forgot-password" css={css({ fontSize: fontSizes.sm })}>
            Forgot password?
          </Link>
        </div>
        <SubmitButton fullWidth pending={signIn.isPending} pendingLabel="Signing in...">
          Sign In
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
