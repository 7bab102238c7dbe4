import { z } from 'zod';
import { REMOTE_DAYS_MAX, REMOTE_DAYS_MIN } from './constants.js';
import { MESSAGES } from './messages.js';

/** An ISO 8601 date-time with `Z` or an offset, as `Date#toISOString()` writes it. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const uuidSchema = z.uuid();

/** Job ids are uuid strings, compared as text. */
export const jobIdSchema = z.uuid(MESSAGES.jobIdInvalid);

export const remoteDaysSchema = z
  .number(MESSAGES.remoteDaysRange)
  .int(MESSAGES.remoteDaysRange)
  .min(REMOTE_DAYS_MIN, MESSAGES.remoteDaysRange)
  .max(REMOTE_DAYS_MAX, MESSAGES.remoteDaysRange);

export const httpUrlSchema = z.httpUrl(MESSAGES.urlInvalid);

/** A calendar date or an ISO date-time, as the ISO date-time it denotes (dates at 00:00 UTC). */
export const dateOrDateTime = (message: string) =>
  z
    .union([z.iso.date(message), z.iso.datetime({ offset: true, error: message })], message)
    .transform((value) => new Date(value).toISOString());

/** Trimmed text that must not be blank; missing, non-text and blank all give `message`. */
export const requiredText = (message: string) => z.string(message).trim().min(1, message);

/** Optional trimmed text: absent, null and blank all become `undefined`. */
export const optionalText = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => value || undefined);

/** Text an update may clear: blank and null become `null`, absent stays `undefined`. */
export const clearableText = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value));

/** An optional http(s) URL: absent, null and blank become `undefined`; anything else must be valid. */
export const optionalHttpUrl = () =>
  z
    .string(MESSAGES.urlInvalid)
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .pipe(httpUrlSchema.optional());

/** An optional choice from a select: absent, null and blank become `undefined`. */
export const optionalChoice = <T extends z.ZodEnum>(
  schema: T,
  message: string = MESSAGES.invalidInput,
) =>
  z
    .union([schema, z.literal(''), z.null()], message)
    .optional()
    .transform((value) => (value === '' || value === null ? undefined : value));

/** An optional remote-days count: absent and null become `undefined`. */
export const optionalRemoteDays = () =>
  remoteDaysSchema.nullish().transform((value) => value ?? undefined);

/** An optional e-mail address: absent, null and blank become `undefined`. */
export const optionalEmail = () =>
  z
    .string(MESSAGES.emailInvalid)
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .pipe(z.email(MESSAGES.emailInvalid).optional());

/** An e-mail address an update may clear: blank and null become `null`. */
export const clearableEmail = () =>
  z
    .string(MESSAGES.emailInvalid)
    .trim()
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .pipe(z.email(MESSAGES.emailInvalid).nullish());
