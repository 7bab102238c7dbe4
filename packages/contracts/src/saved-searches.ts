import { z } from 'zod';
import { TEXT_MAX_LENGTH } from './constants.js';
import { emailSchema } from './auth.js';
import {
  EMPLOYMENT_TYPE_LABELS,
  humanize,
  JOB_CLEARANCE_LABELS,
  JOB_FUNCTION_LABELS,
  SECTOR_LABELS,
} from './enums.js';
import { isoDateTimeSchema, limited, requiredText, textLimit, uuidSchema } from './fields.js';
import { salaryFilterLabel } from './job-format.js';
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

/** An alert as a visitor sees it through a mailed link (no address, no ids). */
export const managedAlertSchema = z.object({
  name: z.string(),
  query: searchParamsSchema,
  frequency: z.enum(ALERT_FREQUENCIES),
  active: z.boolean(),
});
export type ManagedAlert = z.infer<typeof managedAlertSchema>;

/** The answer of POST /api/alerts/confirm and /api/alerts/manage (no address, no ids). */
export const managedAlertResponseSchema = z.object({ alert: managedAlertSchema });
export type ManagedAlertResponse = z.infer<typeof managedAlertResponseSchema>;

/**
 * POST /api/alerts/subscribe when the address has this search already (200, no new alert and no
 * e-mail): the existing alert, and whether its confirmation link is still waiting to be opened.
 */
export const guestSubscribeExistingResponseSchema = z.object({
  message: z.string(),
  existing: z.literal(true),
  pendingConfirmation: z.boolean(),
  alert: managedAlertSchema,
});
export type GuestSubscribeExistingResponse = z.infer<typeof guestSubscribeExistingResponseSchema>;

/** The answer of POST /api/alerts/subscribe: 202 `{ message }` for a new alert, else 200 the existing one. */
export type GuestSubscribeResponse = { message: string } | GuestSubscribeExistingResponse;

/** A search's name in words, its text first, then its filters ("“capture” · Federal · Sales · Remote"). */
export function savedSearchSummary(params: SearchParams): string {
  const parsed = savedSearchQuerySchema.safeParse(params);
  if (!parsed.success) return 'This search';
  const query = parsed.data;
  const parts: string[] = [];
  if (query.search) parts.push(`“${query.search}”`);
  if (query.sector) parts.push(SECTOR_LABELS[query.sector]);
  if (query.jobFunction) parts.push(JOB_FUNCTION_LABELS[query.jobFunction]);
  if (query.employerType) parts.push(humanize(query.employerType.toLowerCase()));
  if (query.experienceLevel) parts.push(`${humanize(query.experienceLevel)} level`);
  if (query.remote) parts.push(humanize(query.remote));
  if (query.clearance) parts.push(`clearance up to ${JOB_CLEARANCE_LABELS[query.clearance]}`);
  if (query.employmentType) parts.push(EMPLOYMENT_TYPE_LABELS[query.employmentType]);
  if (query.salaryMin !== undefined) parts.push(salaryFilterLabel(query.salaryMin));
  if (query.location) parts.push(`in ${query.location}`);
  if (query.postedWithin) parts.push(`posted within ${query.postedWithin} days`);
  return parts.length > 0 ? parts.join(' · ').slice(0, 200) : 'All jobs';
}

/** The /jobs page of a saved search (its parameters as the page's query string). */
export function jobsSearchPath(query: SearchParams): string {
  const params = new URLSearchParams(query).toString();
  return `/jobs${params ? `?${params}` : ''}`;
}
