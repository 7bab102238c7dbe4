import {
  CLEARANCE_LEVELS,
  JOB_CLEARANCE_LABELS,
  registerRequestSchema,
  type AuthResponse,
  type RegisterForm,
  type RegisterRequest,
} from '@b2g/contracts';
import { FormField, Input, SimpleSelect, SubmitButton } from '@b2g/ui';
import { apiRequest, Link, useAuth, useNavigate, FormAlert, useMutation } from '@b2g/web-platform';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { AuthLayout, formStyles, twoColumns } from '../auth/AuthLayout.js';
import { DEFAULT_AFTER_LOGIN } from '../auth/redirect.js';
import { assertAuthSuccess } from '../auth/submit.js';

const CLEARANCE_OPTIONS = CLEARANCE_LEVELS.map((value) => ({
  value,
  label: JOB_CLEARANCE_LABELS[value],
}));

export default function RegisterPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const form = useForm<RegisterForm, unknown, RegisterRequest>({
    resolver: zodResolver(registerRequestSchema),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      company: '',
      location: '',
      phoneNumber: '',
      clearanceLevel: 'none',
    },
  });
  const register = useMutation({
    mutationFn: async (body: RegisterRequest) =>
      assertAuthSuccess(await apiRequest<AuthResponse>('POST', '/api/auth/register', body)),
    onSuccess: ({ token, user }) => {
      login(token, user);
      navigate(DEFAULT_AFTER_LOGIN, { replace: true });
    },
  });
  const { errors } = form.formState;
  const field = form.register;

  return (
    <AuthLayout
      title="Create Account"
      description="Join the job board for government sales, marketing and technical careers."
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <FormAlert title="Registration failed" mutation={register} />
      <form
        noValidate
        css={formStyles}
        onSubmit={form.handleSubmit((body) => register.mutate(body))}
      >
        <div css={twoColumns}>
          <FormField label="First Name" required error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...field('firstName')} />
          </FormField>
          <FormField label="Last Name" required error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...field('lastName')} />
          </FormField>
        </div>
        <FormField label="Username" required error={errors.username?.message}>
          <Input autoComplete="username" {...field('username')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </FormField>
        <FormField label="Password" required error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...field('password')} />
        </FormField>
        <FormField label="Confirm Password" required error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...field('confirmPassword')} />
        </FormField>
        <div css={twoColumns}>
          <FormField label="Company" error={errors.company?.message}>
            <Input autoComplete="organization" {...field('company')} />
          </FormField>
          <FormField label="Location" error={errors.location?.message}>
            <Input autoComplete="address-level2" {...field('location')} />
          </FormField>
        </div>
        <div css={twoColumns}>
          <FormField label="Phone Number" error={errors.phoneNumber?.message}>
            <Input type="tel" autoComplete="tel" {...field('phoneNumber')} />
          </FormField>
          <Controller
            control={form.control}
            name="clearanceLevel"
            render={({ field: select }) => (
              <FormField label="Security Clearance" error={errors.clearanceLevel?.message}>
                <SimpleSelect
                  options={CLEARANCE_OPTIONS}
                  value={select.value ?? 'none'}
                  onValueChange={select.onChange}
                  name={select.name}
                />
              </FormField>
            )}
          />
        </div>
        <SubmitButton fullWidth pending={register.isPending} pendingLabel="Creating account...">
          Create Account
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
