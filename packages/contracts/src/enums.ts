import { z } from 'zod';

export const CLEARANCE_LEVELS = ['none', 'secret', 'top_secret', 'ts_sci'] as const;
export const clearanceLevelSchema = z.enum(CLEARANCE_LEVELS);
export type ClearanceLevel = z.infer<typeof clearanceLevelSchema>;

export const APPLICATION_STATUSES = [
  'applied',
  'under_review',
  'interview_scheduled',
  'rejected',
  'offer_received',
] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const APPLICATION_METHODS = [
  'company_website',
  'email',
  'portal',
  'recruiter',
  'referral',
  'other',
] as const;
export const applicationMethodSchema = z.enum(APPLICATION_METHODS);
export type ApplicationMethod = z.infer<typeof applicationMethodSchema>;

export const SECTORS = ['FEDERAL', 'STATE_LOCAL', 'EDUCATION', 'BOTH'] as const;
export const sectorSchema = z.enum(SECTORS);
export type Sector = z.infer<typeof sectorSchema>;

export const EMPLOYER_TYPES = [
  'INTEGRATOR',
  'CONSULTANCY',
  'SOFTWARE',
  'MEDIA_EVENTS',
  'OTHER_B2G',
] as const;
export const employerTypeSchema = z.enum(EMPLOYER_TYPES);
export type EmployerType = z.infer<typeof employerTypeSchema>;

export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior'] as const;
export const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS);
export type ExperienceLevel = z.infer<typeof experienceLevelSchema>;

export const JOB_FUNCTIONS = ['sales', 'marketing', 'technical'] as const;
export const jobFunctionSchema = z.enum(JOB_FUNCTIONS);
export type JobFunction = z.infer<typeof jobFunctionSchema>;

export const ADMIN_SOURCE_CHOICES = [
  'Direct Post',
  'linkedin',
  'greenhouse',
  'lever',
  'smartrecruiters',
  'other',
] as const;
export const adminSourceChoiceSchema = z.enum(ADMIN_SOURCE_CHOICES);
export type AdminSourceChoice = z.infer<typeof adminSourceChoiceSchema>;

/** Texts of the /jobs sector select. */
export const SECTOR_LABELS = {
  FEDERAL: 'Federal',
  STATE_LOCAL: 'State & Local',
  EDUCATION: 'Education',
  BOTH: 'Both - Federal & SLED',
} as const satisfies Record<Sector, string>;

/** Sector badge of a featured card on the home page; other sectors show no badge. */
export const SECTOR_BADGE_LABELS = {
  FEDERAL: 'Federal',
  STATE_LOCAL: 'SLED',
} as const satisfies Partial<Record<Sector, string>>;

export const JOB_FUNCTION_LABELS = {
  sales: 'Sales',
  marketing: 'Marketing',
  technical: 'Technical',
} as const satisfies Record<JobFunction, string>;

export interface SelectOption<T extends string> {
  readonly label: string;
  readonly value: T;
}

export const HOME_SECTOR_OPTIONS = [
  { label: 'Federal', value: 'FEDERAL' },
  { label: 'SLED', value: 'STATE_LOCAL' },
] as const satisfies readonly SelectOption<Sector>[];

export const JOB_FUNCTION_OPTIONS = JOB_FUNCTIONS.map((value): SelectOption<JobFunction> => ({
  label: JOB_FUNCTION_LABELS[value],
  value,
}));
