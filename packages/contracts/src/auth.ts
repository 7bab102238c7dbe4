import { z } from 'zod';
import {
  PASSWORD_MIN_LENGTH,
  TEXT_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './constants.js';
import { notificationPreferencesSchema, userSchema } from './entities.js';
import { clearanceLevelSchema } from './enum-schemas.js';
import { clearableText, optionalText, requiredEmail, requiredText, textLimit } from './fields.js';
import { MESSAGES, tooLongMessage } from './messages.js';

const PASSWORD_TOO_LONG = tooLongMessage('Password', TEXT_MAX_LENGTH.password);
const NAME_LIMIT = (label: string) => textLimit(label, TEXT_MAX_LENGTH.name);
const COMPANY_LIMIT = NAME_LIMIT('Company');
const LOCATION_LIMIT = NAME_LIMIT('Location');
const PHONE_LIMIT = textLimit('Phone number', TEXT_MAX_LENGTH.phone);

export const USERNAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** At least one lowercase letter, uppercase letter, digit and one of @$!%*?& */
export const PASSWORD_COMPLEXITY_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])/;

export const usernameSchema = z
  .string(MESSAGES.usernameMin)
  .trim()
  .min(USERNAME_MIN_LENGTH, MESSAGES.usernameMin)
  .max(USERNAME_MAX_LENGTH, MESSAGES.usernameMax)
  .regex(USERNAME_PATTERN, MESSAGES.usernameFormat);

export const emailSchema = requiredEmail(MESSAGES.emailInvalid);

export const passwordSchema = z
  .string(MESSAGES.passwordMin)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordMin)
  .max(TEXT_MAX_LENGTH.password, PASSWORD_TOO_LONG)
  .regex(PASSWORD_COMPLEXITY_PATTERN, MESSAGES.passwordComplexity);

export const confirmPasswordSchema = z
  .string(MESSAGES.passwordsMismatch)
  .max(TEXT_MAX_LENGTH.password, PASSWORD_TOO_LONG);

const requiredPasswordSchema = z
  .string(MESSAGES.passwordRequired)
  .min(1, MESSAGES.passwordRequired)
  .max(TEXT_MAX_LENGTH.password, PASSWORD_TOO_LONG);
const firstNameSchema = requiredText(MESSAGES.firstNameRequired, NAME_LIMIT('First name'));
const lastNameSchema = requiredText(MESSAGES.lastNameRequired, NAME_LIMIT('Last name'));

/**
 * Refinement options reporting "Passwords don't match" on `confirmPassword`; it runs as soon as both
 * values are text, so the mismatch shows even while other fields are still invalid.
 */
const passwordConfirmation = (passwordKey: 'password' | 'newPassword') => {
  const bothTyped = z.looseObject({ [passwordKey]: z.string(), confirmPassword: z.string() });
  return {
    message: MESSAGES.passwordsMismatch,
    path: ['confirmPassword'],
    when: ({ value }: z.core.ParsePayload) => bothTyped.safeParse(value).success,
  };
};

export const registerRequestSchema = z
  .strictObject({
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    company: optionalText(COMPANY_LIMIT),
    location: optionalText(LOCATION_LIMIT),
    phoneNumber: optionalText(PHONE_LIMIT),
    clearanceLevel: clearanceLevelSchema.default('none'),
  })
  .refine((body) => body.password === body.confirmPassword, passwordConfirmation('password'));
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterForm = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  emailOrUsername: requiredText(
    MESSAGES.emailOrUsernameRequired,
    textLimit('Email or username', TEXT_MAX_LENGTH.email),
  ),
  password: requiredPasswordSchema,
  rememberMe: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** The reset page's form: the token comes from the link, not from a field. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((body) => body.password === body.confirmPassword, passwordConfirmation('password'));
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

export const resetPasswordRequestSchema = z
  .strictObject({
    token: requiredText(MESSAGES.resetTokenMissing, textLimit('Token', TEXT_MAX_LENGTH.token)),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((body) => body.password === body.confirmPassword, passwordConfirmation('password'));
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const profileUpdateRequestSchema = z
  .strictObject({
    firstName: firstNameSchema.optional(),
    lastName: lastNameSchema.optional(),
    company: clearableText(COMPANY_LIMIT),
    location: clearableText(LOCATION_LIMIT),
    phoneNumber: clearableText(PHONE_LIMIT),
    clearanceLevel: clearanceLevelSchema.optional(),
    notificationPreferences: notificationPreferencesSchema.optional(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    MESSAGES.nothingToUpdate,
  );
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: z
      .string(MESSAGES.currentPasswordRequired)
      .min(1, MESSAGES.currentPasswordRequired)
      .max(TEXT_MAX_LENGTH.password, PASSWORD_TOO_LONG),
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((body) => body.newPassword === body.confirmPassword, passwordConfirmation('newPassword'));
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

const passwordOnlySchema = z.strictObject({ password: requiredPasswordSchema });

export const deleteAccountRequestSchema = passwordOnlySchema;
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const adminLoginRequestSchema = passwordOnlySchema;
export type AdminLoginRequest = z.infer<typeof adminLoginRequestSchema>;

export const authResponseSchema = z.object({
  success: z.literal(true),
  token: z.string().min(1),
  user: userSchema,
  message: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const verifyResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), user: userSchema }),
  z.object({ success: z.literal(false), message: z.string().optional() }),
]);
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
