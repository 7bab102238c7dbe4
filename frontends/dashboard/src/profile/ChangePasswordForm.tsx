import { changePasswordRequestSchema, type ChangePasswordRequest } from '@b2g/contracts';
import { PasswordField } from '@b2g/ui';
import { apiRequest, toast, useMutation } from '@b2g/web-platform';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ProfileSection, ProfileSectionForm } from './ProfileSection.js';
import { fieldsGridStyles } from './styles.js';

const EMPTY: ChangePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: EMPTY,
  });
  const change = useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest<{ success: boolean; message: string }>('POST', '/api/auth/me/password', body),
    onSuccess: ({ message }) => {
      form.reset(EMPTY);
      toast({ title: 'Password changed', description: message });
    },
  });
  const { errors } = form.formState;

  return (
    <ProfileSection
      title="Change password"
      description="Use at least 8 characters with upper and lower case letters, a number and a symbol."
    >
      <ProfileSectionForm
        onSubmit={form.handleSubmit((body) => change.mutate(body))}
        mutation={change}
        failedTitle="Failed to change password"
        submitLabel="Change Password"
        pendingLabel="Changing..."
      >
        <PasswordField
          label="Current Password"
          error={errors.currentPassword?.message}
          autoComplete="current-password"
          {...form.register('currentPassword')}
        />
        <div css={fieldsGridStyles}>
          <PasswordField
            label="New Password"
            error={errors.newPassword?.message}
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
          <PasswordField
            label="Confirm New Password"
            error={errors.confirmPassword?.message}
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
        </div>
      </ProfileSectionForm>
    </ProfileSection>
  );
}
