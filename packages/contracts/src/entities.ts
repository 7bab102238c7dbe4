import { z } from 'zod';
import {
  applicationMethodSchema,
  applicationStatusSchema,
  clearanceLevelSchema,
  employerTypeSchema,
  employmentTypeSchema,
  experienceLevelSchema,
  jobClearanceSchema,
  jobFunctionSchema,
  polygraphSchema,
  salaryPeriodSchema,
  sectorSchema,
} from './enum-schemas.js';
import { JOB_CLOSED_REASONS } from './enums.js';
import {
  isoDateSchema,
  isoDateTimeSchema,
  jobIdSchema,
  remoteDaysSchema,
  uuidSchema,
} from './fields.js';

/**
 * What a user wants to be told about: known keys only, each a boolean (no `$` or dotted keys, no
 * nesting, so a stored value can never become a query operator or an update path).
 */
export const NOTIFICATION_PREFERENCE_KEYS = [
  'jobAlerts',
  'applicationUpdates',
  'followUpReminders',
  'newsletter',
] as const;
export const notificationPreferencesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_PREFERENCE_KEYS.map((key) => [key, z.boolean().optional()])) as {
    [K in (typeof NOTIFICATION_PREFERENCE_KEYS)[number]]: z.ZodOptional<z.ZodBoolean>;
  },
);

/** The user as the API returns it; the password never leaves the auth service. */
export const userSchema = z.object({
  id: uuidSchema,
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  clearanceLevel: clearanceLevelSchema,
  isEmailVerified: z.boolean(),
  lastLoginAt: isoDateTimeSchema.nullable(),
  profileComplete: z.boolean(),
  notificationPreferences: notificationPreferencesSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

/**
 * Issue 20's B2G fields. The API always sends them (null when unknown); they are optional here
 * because events and snapshots written before they existed lack them.
 */
const b2gJobFields = {
  clearance: jobClearanceSchema.nullish(),
  polygraph: polygraphSchema.nullish(),
  /** USD per `salaryPeriod`. */
  salaryMin: z.number().min(0).nullish(),
  salaryMax: z.number().min(0).nullish(),
  salaryPeriod: salaryPeriodSchema.nullish(),
  /** The last day applications are taken (YYYY-MM-DD); the job leaves search after it. */
  closingDate: isoDateSchema.nullish(),
  employmentType: employmentTypeSchema.nullish(),
  /** The agency or buyer the job serves. */
  customer: z.string().nullish(),
};

export const jobSchema = z.object({
  id: jobIdSchema,
  title: z.string(),
  company: z.string(),
  location: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  link: z.string().nullable(),
  poster: z.string().nullable(),
  applyUrl: z.string().nullable(),
  sector: sectorSchema,
  employerType: employerTypeSchema.nullable(),
  isAgencyRole: z.boolean(),
  isRemote: z.boolean(),
  remoteDays: remoteDaysSchema.nullable(),
  experienceLevel: experienceLevelSchema.nullable(),
  jobFunction: jobFunctionSchema.nullable(),
  source: z.string(),
  postedAt: isoDateTimeSchema,
  createdAt: isoDateTimeSchema,
  deletedAt: isoDateTimeSchema.nullable(),
  external: z.boolean(),
  bookmarkCount: z.int().min(0),
  ...b2gJobFields,
  /** When the freshness checker last found the job still open at its source (null: never). */
  lastVerifiedAt: isoDateTimeSchema.nullish(),
});
export type Job = z.infer<typeof jobSchema>;

export const adminJobSchema = jobSchema.extend({
  hash: z.string().min(1),
  /** Why the freshness checker closed (soft-deleted) the job; its date is `deletedAt`. */
  closedReason: z.enum(JOB_CLOSED_REASONS).nullish(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

/** What a bookmark or application shows of its job; `removed` once the job is gone for good. */
export const jobSummarySchema = z.object({
  title: z.string(),
  company: z.string(),
  location: z.string(),
  link: z.string().nullable(),
  removed: z.boolean().optional(),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

export const bookmarkSchema = z.object({
  id: z.string().min(1),
  jobId: jobIdSchema,
  bookmarkedAt: isoDateTimeSchema,
  notes: z.string().nullable(),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const bookmarkWithJobSchema = bookmarkSchema.extend({ job: jobSummarySchema });
export type BookmarkWithJob = z.infer<typeof bookmarkWithJobSchema>;

export const applicationSchema = z.object({
  id: z.string().min(1),
  jobId: jobIdSchema,
  appliedAt: isoDateTimeSchema,
  status: applicationStatusSchema,
  applicationMethod: applicationMethodSchema,
  contactPerson: z.string().nullable(),
  contactEmail: z.string().nullable(),
  notes: z.string().nullable(),
  followUpDate: isoDateTimeSchema.nullable(),
  statusUpdatedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationWithJobSchema = applicationSchema.extend({ job: jobSummarySchema });
export type ApplicationWithJob = z.infer<typeof applicationWithJobSchema>;

export const dashboardStatsSchema = z.object({
  totalApplications: z.int().min(0),
  totalBookmarks: z.int().min(0),
  pendingFollowUps: z.int().min(0),
  applicationsByStatus: z.record(applicationStatusSchema, z.int().min(0)),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const ACTIVITY_TYPES = ['application', 'bookmark'] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

export const activityItemSchema = z.object({
  id: z.string().min(1),
  type: activityTypeSchema,
  title: z.string(),
  description: z.string(),
  timestamp: isoDateTimeSchema,
  status: applicationStatusSchema.optional(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const featuredJobsResponseSchema = z.object({
  sales: jobSchema.optional(),
  marketing: jobSchema.optional(),
  technical: jobSchema.optional(),
});
export type FeaturedJobsResponse = z.infer<typeof featuredJobsResponseSchema>;

export const adminStatusResponseSchema = z.object({
  isAdmin: z.boolean(),
  hasAdminPassword: z.boolean(),
});
export type AdminStatusResponse = z.infer<typeof adminStatusResponseSchema>;
