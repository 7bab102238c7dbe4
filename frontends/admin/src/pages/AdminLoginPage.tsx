import {
  adminLoginRequestSchema,
  ERROR_MESSAGES,
  SUCCESS_MESSAGES,
  type AdminLoginRequest,
} from '@b2g/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Container,
  IconCircle,
  PasswordField,
  space,
  SubmitButton,
} from '@b2g/ui';
import {
  apiRequest,
  Navigate,
  toast,
  useNavigate,
  useMutation,
  useQueryClient,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useForm } from 'react-hook-form';
import {
  ADMIN_JOBS_ROUTE,
  ADMIN_STATUS_KEY,
  toastFailure,
  useAdminStatus,
} from '../admin/adminApi.js';

const fieldsetStyles = css({
  display: 'grid',
  gap: space[4],
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useAdminStatus();
  const form = useForm<AdminLoginRequest>({
    resolver: zodResolver(adminLoginRequestSchema),
    defaultValues: { password: '' },
  });
  const signIn = useMutation({
    mutationFn: (body: AdminLoginRequest) => apiRequest('POST', '/api/admin/login', body),
    onSuccess: async () => {
      toast({ title: SUCCESS_MESSAGES.adminLoggedIn });
      // The jobs page reads the status too: let it see the new session before it opens.
      await queryClient.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
      navigate(ADMIN_JOBS_ROUTE, { replace: true });
    },
    onError: (error) => toastFailure('Login failed', error),
  });

  if (status.data?.isAdmin) return <Navigate to={ADMIN_JOBS_ROUTE} replace />;

  const notConfigured = status.data?.hasAdminPassword === false;
  const { errors } = form.formState;

  return (
    <Container>
      <div css={css({ display: 'flex', justifyContent: 'center', padding: `${space[10]} 0` })}>
        <Card css={css({ width: '100%', maxWidth: '440px' })}>
          <CardHeader css={css({ textAlign: 'center', justifyItems: 'center' })}>
            <IconCircle aria-hidden="true">
              <ShieldCheck size={24} />
            </IconCircle>
            <CardTitle as="h1">Admin Login</CardTitle>
            <CardDescription>Enter the admin password to manage job listings.</CardDescription>
          </CardHeader>
          <CardContent css={css({ display: 'grid', gap: space[4] })}>
            {notConfigured ? (
              <Alert>
                <AlertTitle>Admin access is not configured</AlertTitle>
                <AlertDescription>{ERROR_MESSAGES.adminNotConfigured}</AlertDescription>
              </Alert>
            ) : null}
            <form noValidate onSubmit={form.handleSubmit((body) => signIn.mutate(body))}>
              <fieldset disabled={notConfigured || signIn.isPending} css={fieldsetStyles}>
                <PasswordField
                  label="Password"
                  error={errors.password?.message}
                  autoComplete="current-password"
                  {...form.register('password')}
                />
                <SubmitButton fullWidth pending={signIn.isPending} pendingLabel="Signing in...">
                  Sign In
                </SubmitButton>
              </fieldset>
            </form>
          </CardContent>
        </Card>
      </div>
    </Container>
  );
}
