import type { User } from '@b2g/contracts';
import type { UserRecord } from './model.js';

/** The user as the API shows it: an explicit list of fields, so nothing else (a hash) can slip out. */
export function toPublicUser(user: UserRecord): User {
  return {
    id: user._id,
    username: user.username,
    email: user.email,
    ...profileOf(user),
    isEmailVerified: user.isEmailVerified,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    profileComplete: user.profileComplete,
    notificationPreferences: (user.notificationPreferences ??
      {}) as User['notificationPreferences'],
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

type Profile = Pick<
  UserRecord,
  'firstName' | 'lastName' | 'company' | 'location' | 'phoneNumber' | 'clearanceLevel'
>;

/**
 * The profile part of a user, as stored and as shown: optional text that is absent (left blank in
 * the form, or missing from a document older than the field) is null.
 */
export function profileOf(
  source: Pick<Profile, 'firstName' | 'lastName' | 'clearanceLevel'> &
    Partial<Record<'company' | 'location' | 'phoneNumber', string | null>>,
): Profile {
  return {
    firstName: source.firstName,
    lastName: source.lastName,
    company: source.company ?? null,
    location: source.location ?? null,
    phoneNumber: source.phoneNumber ?? null,
    clearanceLevel: source.clearanceLevel,
  };
}
