import { z } from 'zod';
import { REMOTE_DAYS_MAX, REMOTE_DAYS_MIN, TEXT_MAX_LENGTH } from './constants.js';
import { controlCharactersMessage, MESSAGES, tooLongMessage } from './messages.js';

/** How long a text field may be and whether it may span lines; `label` names it in messages. */
export interface TextLimit {
  label: string;
  max: number;
  /** Multi-line text (descriptions, notes) keeps line breaks and tabs. */
  multiline?: boolean;
}

export const textLimit = (label: string, max: number, multiline = false): TextLimit => ({
  label,
  max,
  multiline,
});

// Control characters: C0 (NUL, ESC...) and DEL; multi-line text may keep tab, LF and CR.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Applies a limit's maximum length and refuses control characters. */
export const limited = (schema: z.ZodString, limit: TextLimit) =>
  schema
    .max(limit.max, tooLongMessage(limit.label, limit.max))
    .refine(
      (value) => !(limit.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value),
      controlCharactersMessage(limit.label),
    );

const URL_LIMIT = textLimit('URL', TEXT_MAX_LENGTH.url);
const EMAIL_LIMIT = textLimit('Email', TEXT_MAX_LENGTH.email);

/** An ISO 8601 date-time with `Z` or an offset, as `Date#toISOString()` writes it. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** A calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();

export const uuidSchema = z.uuid();

/** Job ids are uuid strings, compared as text. */
export const jobIdSchema = z.uuid(MESSAGES.jobIdInvalid);

export const remoteDaysSchema = z
  .number(MESSAGES.remoteDaysRange)
  .int(MESSAGES.remoteDaysRange)
  .min(REMOTE_DAYS_MIN, MESSAGES.remoteDaysRange)
  .max(REMOTE_DAYS_MAX, MESSAGES.remoteDaysRange);

export const httpUrlSchema = z.httpUrl(MESSAGES.urlInvalid);

/** A calendar date or an ISO date-time, as the ISO date-time it denotes (a date is its midnight in UTC). */
export const dateOrDateTime = (message: string) =>
  z
    .union([z.iso.date(message), z.iso.datetime({ offset: true, error: message })], message)
    .transform((value) => new Date(value).toISOString());

/** Trimmed text that must not be blank; missing, non-text and blank all give `message`. */
export const requiredText = (message: string, limit: TextLimit) =>
  limited(z.string(message).trim().min(1, message), limit);

/** A required http(s) URL; missing and blank give `message`. */
export const requiredHttpUrl = (message: string) =>
  requiredText(message, URL_LIMIT).pipe(httpUrlSchema);

/** Optional trimmed text: absent, null and blank all become `undefined`. */
export const optionalText = (limit: TextLimit) =>
  limited(z.string().trim(), limit)
    .nullish()
    .transform((value) => value || undefined);

/** Text an update may clear: blank and null become `null`, absent stays `undefined`. */
export const clearableText = (limit: TextLimit) =>
  limited(z.string().trim(), limit)
    .nullish()
    .transform((value) => (value === '' ? null : value));

/** An optional http(s) URL: absent, null and blank become `undefined`; anything else must be valid. */
export const optionalHttpUrl = () =>
  limited(z.string(MESSAGES.urlInvalid).trim(), URL_LIMIT)
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

/** An optional calendar date (YYYY-MM-DD): absent, null and blank become `undefined`. */
export const optionalDate = (message: string) =>
  z
    .union([z.iso.date(message), z.literal(''), z.null()], message)
    .optional()
    .transform((value) => value || undefined);

/** An optional amount from 0 to `max`: absent and null become `undefined`. */
export const optionalAmount = (max: number, message: string) =>
  z
    .number(message)
    .min(0, message)
    .max(max, message)
    .nullish()
    .transform((value) => value ?? undefined);

/** An optional remote-days count: absent and null become `undefined`. */
export const optionalRemoteDays = () =>
  remoteDaysSchema.nullish().transform((value) => value ?? undefined);

// E-mail fields without a message of their own say the generic MESSAGES.invalidEmail.

/** A trimmed e-mail address of at most EMAIL_LIMIT characters; missing and blank give `message`. */
export const requiredEmail = (message: string = MESSAGES.invalidEmail) =>
  limited(z.string(message).trim(), EMAIL_LIMIT).pipe(z.email(message));

/** An optional e-mail address: absent, null and blank become `undefined`. */
export const optionalEmail = (message: string = MESSAGES.invalidEmail) =>
  limited(z.string(message).trim(), EMAIL_LIMIT)
    .nullish()
    .transform((value) => value || undefined)
    .pipe(z.email(message).optional());

/** An e-mail address an update may clear: blank and null become `null`. */
export const clearableEmail = (message: string = MESSAGES.invalidEmail) =>
  limited(z.string(message).trim(), EMAIL_LIMIT)
    .nullish()
    .transform((value) => (value === '' ? null : value))
    .pipe(z.email(message).nullish());
