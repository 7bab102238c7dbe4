import { deleteAccountRequestSchema, type DeleteAccountRequest } from '@b2g/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  colors,
  PasswordField,
  SubmitButton,
} from '@b2g/ui';
import { apiRequest, toast, useAuth, useNavigate, FormAlert, useMutation } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ProfileSection } from './ProfileSection.js';
import { formStyles } from './styles.js';

/** Deleting the account, after a warning and the password; then signed out and sent home. */
export function DeleteAccountSection({ onDeleted }: { onDeleted: () => void }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useForm<DeleteAccountRequest>({
    resolver: zodResolver(deleteAccountRequestSchema),
    defaultValues: { password: '' },
  });
  const remove = useMutation({
    mutationFn: (body: DeleteAccountRequest) => apiRequest('DELETE', '/api/auth/me', body),
    onSuccess: async () => {
      setOpen(false);
      onDeleted();
      toast({ title: 'Account deleted', description: 'Your account and its data are gone.' });
      navigate('/', { replace: true });
      await logout();
    },
  });
  const { errors } = form.formState;

  return (
    <ProfileSection
      title="Delete account"
      description="Permanently delete your account with your saved jobs and tracked applications."
      css={css({ borderColor: colors.destructiveBorder })}
    >
      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            form.reset();
            remove.reset();
          }
        }}
      >
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Delete Account</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <form
            noValidate
            css={formStyles}
            onSubmit={form.handleSubmit((body) => remove.mutate(body))}
          >
            <AlertDialogHeader>
              <AlertDialogTitle>Delete your account?</AlertDialogTitle>
              <AlertDialogDescription>
                This permanently deletes your account, your saved jobs and your tracked
                applications. This cannot be undone. Enter your password to confirm.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <FormAlert title="Failed to delete account" mutation={remove} />
            <PasswordField
              label="Password"
              error={errors.password?.message}
              autoComplete="current-password"
              {...form.register('password')}
            />
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <SubmitButton
                variant="destructive"
                pending={remove.isPending}
                pendingLabel="Deleting..."
              >
                Delete Account
              </SubmitButton>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </ProfileSection>
  );
}
