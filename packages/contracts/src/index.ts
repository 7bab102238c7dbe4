export * from './analytics.js';
export * from './ats.js';
export * from './auth.js';
export * from './companies.js';
export * from './constants.js';
export * from './dns.js';
export * from './employer.js';
export * from './entities.js';
export * from './enum-schemas.js';
export * from './enums.js';
export * from './errors.js';
export * from './events.js';
export * from './freshness.js';
export {
  httpUrlSchema,
  isoDateSchema,
  isoDateTimeSchema,
  jobIdSchema,
  remoteDaysSchema,
  uuidSchema,
} from './fields.js';
export * from './job-format.js';
export * from './job-list-request.js';
export * from './job-pages.js';
export * from './jobs.js';
export * from './landing.js';
export * from './messages.js';
export * from './review.js';
export * from './saved-searches.js';
export * from './site.js';
export * from './user-activity.js';
