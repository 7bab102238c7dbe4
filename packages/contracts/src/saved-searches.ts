import { z } from 'zod';
import { TEXT_MAX_LENGTH } from './constants.js';
import { emailSchema } from './auth.js';
import { isoDateTimeSchema, limited, requiredText, textLimit, uuidSchema } from './fields.js';
import { jobsQuerySchema } from './jobs.js';

/** How often a saved search's new matches are mailed. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Saved searches one signed-in user may keep. */
export const SAVED_SEARCHES_PER_USER_MAX = 50;
/** A guest's confirmation link is valid this long (double opt-in). */
export const ALERT_CONFIRM_TTL_MS = 48 * 60 * 60 * 1000;
/** Unsubscribe and manage links in an alert e-mail are valid this long. */
export const ALERT_MANAGE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** Jobs listed in one alert e-mail (the rest are behind 'see all'). */
export const ALERT_EMAIL_JOBS_MAX = 20;
/**
 * Instant alerts are batched per minute: a search is mailed at most once in this long, short of a
 * full minute so that a match, batching and matching included, is mailed within a minute of its
 * job's posting.
 */
export const ALERT_INSTANT_BATCH_MS = 50_000;
/** Daily and weekly digests go at this hour (UTC); weekly ones on Mondays. */
export const ALERT_DIGEST_HOUR_UTC = 7;

const NAME_LIMIT = textLimit('Name', TEXT_MAX_LENGTH.name);

/**
 * The search of a saved search: GET /api/jobs's own query schema, without paging. Stored and sent
 * as the query parameters it was given (strings), parsed again wherever it is used.
 */
export const savedSearchQuerySchema = jobsQuerySchema.omit({
  limit: true,
  offset: true,
  cursor: true,
});

/** A search as URL parameters: at most 20 of them, short names, values as long as /api/jobs allows. */
export const searchParamsSchema = z
  .record(z.string().max(40).regex(/^\w+$/), z.string().max(TEXT_MAX_LENGTH.search))
  .refine((params) => Object.keys(params).length <= 20, 'Too many search parameters');
export type SearchParams = z.infer<typeof searchParamsSchema>;

/** The search's parameters, checked by the jobs query schema (bad ones are a 400 with its messages). */
const searchSchema = searchParamsSchema.superRefine((params, ctx) => {
  const parsed = savedSearchQuerySchema.safeParse(params);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const optionalName = limited(z.string().trim(), NAME_LIMIT)
  .optional()
  .transform((value) => value || undefined);

/** POST /api/user/saved-searches: saved at once for the signed-in user. */
export const createSavedSearchRequestSchema = z.strictObject({
  query: searchSchema,
  name: optionalName,
  frequency: z.enum(ALERT_FREQUENCIES).default('instant'),
});
export type CreateSavedSearchRequest = z.infer<typeof createSavedSearchRequestSchema>;

/** PATCH /api/user/saved-searches/{id} and PATCH /api/alerts/manage: rename, change, pause. */
export const updateSavedSearchRequestSchema = z.strictObject({
  name: requiredText('Name is required', NAME_LIMIT).optional(),
  frequency: z.enum(ALERT_FREQUENCIES).optional(),
  active: z.boolean().optional(),
});
export type UpdateSavedSearchRequest = z.infer<typeof updateSavedSearchRequestSchema>;

/** POST /api/alerts/subscribe: a visitor's alert, active once the mailed link is opened. */
export const guestSubscribeRequestSchema = z.strictObject({
  email: emailSchema,
  query: searchSchema,
  frequency: z.enum(ALERT_FREQUENCIES).default('daily'),
});
export type GuestSubscribeRequest = z.infer<typeof guestSubscribeRequestSchema>;

/** A signed link token (confirm, manage, unsubscribe): opaque to the client. */
export const alertTokenSchema = z
  .string()
  .min(1)
  .max(TEXT_MAX_LENGTH.token)
  .regex(/^[\w.-]+$/, 'Invalid link');

/** Body of POST /api/alerts/confirm and /api/alerts/manage (read). */
export const alertTokenRequestSchema = z.strictObject({ token: alertTokenSchema });

/** ?token= of the one-click unsubscribe URL (RFC 8058). */
export const alertTokenQuerySchema = z.object({ token: alertTokenSchema });

/** PATCH /api/alerts/manage: the token plus the change. */
export const manageAlertRequestSchema = updateSavedSearchRequestSchema.extend({
  token: alertTokenSchema,
});

export const savedSearchIdParamSchema = z.object({ id: uuidSchema });

/** One saved search as its owner sees it. */
export const savedSearchSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  query: searchParamsSchema,
  frequency: z.enum(ALERT_FREQUENCIES),
  active: z.boolean(),
  createdAt: isoDateTimeSchema,
  lastSentAt: isoDateTimeSchema.nullable(),
  /** Matches not mailed yet. */
  newMatches: z.int().min(0),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchListSchema = z.array(savedSearchSchema);

/** How each alert frequency reads in selects and lists. */
export const ALERT_FREQUENCY_LABELS = {
  instant: 'Instant',
  daily: 'Daily',
  weekly: 'Weekly',
} as const satisfies Record<AlertFrequency, string>;

export const ALERT_FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map((value) => ({
  label: ALERT_FREQUENCY_LABELS[value],
  value,
}));

/** The answer of POST /api/alerts/confirm and /api/alerts/manage (no address, no ids). */
export const managedAlertResponseSchema = z.object({
  alert: z.object({
    name: z.string(),
    query: searchParamsSchema,
    frequency: z.enum(ALERT_FREQUENCIES),
    active: z.boolean(),
  }),
});
export type ManagedAlertResponse = z.infer<typeof managedAlertResponseSchema>;

/** The /jobs page of a saved search (its parameters as the page's query string). */
export function jobsSearchPath(query: SearchParams): string {
  const params = new URLSearchParams(query).toString();
  return `/jobs${params ? `?${params}` : ''}`;
}
