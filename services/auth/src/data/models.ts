import { CLEARANCE_LEVELS, USERNAME_COLUMN_MAX_LENGTH } from '@b2g/contracts';
import { outboxPlugin } from '@b2g/event-bus';
import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type { ResetToken, Session, UserAccount } from '../domain/model.js';

/**
 * Operators in filters: the kit turns on mongoose's `sanitizeFilter` (request data cannot smuggle
 * operators), so the service's own operators are marked trusted.
 */
export const op = <T extends object>(operators: T): T => mongoose.trusted(operators);

/** The documents are the domain's records as they are (`_id` is the uuid the API calls `id`). */
export type UserDocument = UserAccount;
export type SessionDocument = Session;
export type ResetTokenDocument = ResetToken;

const text = (required = true) => ({
  type: String,
  required,
  default: required ? undefined : null,
});

const userSchema = new mongoose.Schema<UserDocument>(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true, maxlength: USERNAME_COLUMN_MAX_LENGTH },
    usernameKey: { type: String, required: true },
    email: { type: String, required: true },
    emailKey: { type: String, required: true },
    passwordHash: { type: String, required: true, select: false },
    firstName: text(),
    lastName: text(),
    company: text(false),
    location: text(false),
    phoneNumber: text(false),
    clearanceLevel: { type: String, enum: CLEARANCE_LEVELS, required: true, default: 'none' },
    isEmailVerified: { type: Boolean, required: true, default: false },
    lastLoginAt: { type: Date, default: null },
    profileComplete: { type: Boolean, required: true, default: false },
    notificationPreferences: { type: mongoose.Schema.Types.Mixed, default: () => ({}) },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  // Timestamps come from the injected clock; `minimize: false` keeps an empty preferences object.
  { collection: 'users', versionKey: false, timestamps: false, minimize: false },
);
userSchema.index({ usernameKey: 1 }, { unique: true });
userSchema.index({ emailKey: 1 }, { unique: true });
userSchema.plugin(outboxPlugin, { hardDeletes: true });

const sessionSchema = new mongoose.Schema<SessionDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    revokedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    userAgent: { type: String },
  },
  { collection: 'sessions', versionKey: false, timestamps: false },
);
sessionSchema.index({ userId: 1, revokedAt: 1 });
sessionSchema.index({ revokedAt: 1, expiresAt: 1 });
sessionSchema.index({ expiresAt: 1 });
sessionSchema.plugin(outboxPlugin);

const resetTokenSchema = new mongoose.Schema<ResetTokenDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    tokenHash: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'password_reset_tokens', versionKey: false, timestamps: false },
);
resetTokenSchema.index({ tokenHash: 1 }, { unique: true });
resetTokenSchema.index({ userId: 1, usedAt: 1 });
resetTokenSchema.index({ expiresAt: 1 });

export interface AuthModels {
  User: Model<UserDocument>;
  Session: Model<SessionDocument>;
  ResetToken: Model<ResetTokenDocument>;
}

/** The service's models on its connection (registered once per connection). */
export function modelsOf(connection: Connection): AuthModels {
  return {
    User: modelOn(connection, 'User', userSchema),
    Session: modelOn(connection, 'Session', sessionSchema),
    ResetToken: modelOn(connection, 'ResetToken', resetTokenSchema),
  };
}

/** Registers the models and waits for their indexes: uniqueness holds from the first request on. */
export async function prepareDatabase(connection: Connection): Promise<AuthModels> {
  const models = modelsOf(connection);
  await Promise.all(Object.values(models).map((model: Model<unknown>) => model.init()));
  return models;
}
