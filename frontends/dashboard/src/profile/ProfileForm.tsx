import {
  CLEARANCE_LEVELS,
  JOB_CLEARANCE_LABELS,
  profileUpdateRequestSchema,
  type ProfileUpdateRequest,
  type User,
} from '@b2g/contracts';
import { FormField, Input } from '@b2g/ui';
import { apiRequest, toast, useAuth, useMutation } from '@b2g/web-platform';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { input } from 'zod';
import { FormSelect } from '../components/FormSelect.js';
import { ProfileSection, ProfileSectionForm } from './ProfileSection.js';
import { fieldsGridStyles } from './styles.js';

/** The fields this form edits (notification preferences are not among them). */
type ProfileForm = Omit<input<typeof profileUpdateRequestSchema>, 'notificationPreferences'>;
type ProfileChanges = Omit<ProfileUpdateRequest, 'notificationPreferences'>;

/*
 * Typed once here: inferring the resolver inside useForm walks the recursive JSON type of
 * notificationPreferences too deep for the compiler.
 */
const profileResolver: Resolver<ProfileForm, unknown, ProfileChanges> = zodResolver(
  profileUpdateRequestSchema,
) as Resolver<ProfileForm, unknown, ProfileChanges>;

const CLEARANCE_OPTIONS = CLEARANCE_LEVELS.map((value) => ({
  value,
  label: JOB_CLEARANCE_LABELS[value],
}));

function valuesOf(user: User): ProfileForm {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company ?? '',
    location: user.location ?? '',
    clearanceLevel: user.clearanceLevel,
    phoneNumber: user.phoneNumber ?? '',
  };
}

/** The user's profile fields; a save updates the signed-in user everywhere (the header too). */
export function ProfileForm({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const form = useForm<ProfileForm, unknown, ProfileChanges>({
    resolver: profileResolver,
    defaultValues: valuesOf(user),
  });
  const save = useMutation({
    mutationFn: (body: ProfileChanges) => apiRequest<{ user: User }>('PATCH', '/api/auth/me', body),
    onSuccess: ({ user: updated }) => {
      updateUser(updated);
      form.reset(valuesOf(updated));
      toast({ title: 'Profile updated', description: 'Your changes have been saved.' });
    },
  });
  const { errors } = form.formState;

  return (
    <ProfileSection
      title="Personal information"
      description={`Signed in as ${user.username} (${user.email})`}
    >
      <ProfileSectionForm
        onSubmit={form.handleSubmit((body) => save.mutate(body))}
        mutation={save}
        failedTitle="Failed to update profile"
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      >
        <div css={fieldsGridStyles}>
          <FormField label="First Name" error={errors.firstName?.message} required>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField label="Last Name" error={errors.lastName?.message} required>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </FormField>
          <FormField label="Company" error={errors.company?.message}>
            <Input autoComplete="organization" {...form.register('company')} />
          </FormField>
          <FormField label="Location" error={errors.location?.message}>
            <Input autoComplete="address-level2" {...form.register('location')} />
          </FormField>
          <FormSelect
            control={form.control}
            name="clearanceLevel"
            label="Security Clearance"
            options={CLEARANCE_OPTIONS}
          />
          <FormField label="Phone Number" error={errors.phoneNumber?.message}>
            <Input type="tel" autoComplete="tel" {...form.register('phoneNumber')} />
          </FormField>
        </div>
      </ProfileSectionForm>
    </ProfileSection>
  );
}
