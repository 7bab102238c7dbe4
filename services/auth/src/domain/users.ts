import type { User } from '@b2g/contracts';
import type { UserRecord } from './model.js';

/** The user as the API shows it: an explicit list of fields, so nothing else (a hash) can slip out. */
export function toPublicUser(user: UserRecord): User {
  return {
    id: user._id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    company: user.company ?? null,
    location: user.location ?? null,
    phoneNumber: user.phoneNumber ?? null,
    clearanceLevel: user.clearanceLevel,
    isEmailVerified: user.isEmailVerified,
    lastLoginAt: user.lastLoginAt ? user.lastLoginAt.toISOString() : null,
    profileComplete: user.profileComplete,
    notificationPreferences: (user.notificationPreferences ??
      {}) as User['notificationPreferences'],
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
