import { z } from 'zod';
import { jobSchema } from './entities.js';
import { clearableText, optionalHttpUrl, requiredText, textLimit } from './fields.js';
import { jobPageHeadSchema } from './job-pages.js';
import { TEXT_MAX_LENGTH } from './constants.js';
import { COMPANY_LOOKUP_MAX, COMPANY_SLUG_MAX_LENGTH } from './company-slug.js';

// The slug is zod-free (job cards link to company pages without loading zod).
export {
  COMPANY_LOOKUP_MAX,
  COMPANY_SLUG_MAX_LENGTH,
  companyLookupPath,
  companyPagePath,
  companySlug,
} from './company-slug.js';

/** A company's short description. */
export const COMPANY_DESCRIPTION_MAX_LENGTH = 1_000;
/** A company page lists at most this many of its active jobs, newest first. */
export const COMPANY_JOBS_LIMIT = 50;

/** An uploaded logo: PNG, JPEG or WebP up to 2 MB (never SVG: it can carry script). */
export const COMPANY_LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const COMPANY_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Logos are re-encoded to a square WebP of at most this many pixels a side. */
export const COMPANY_LOGO_SIZE = 256;

export const COMPANY_MESSAGES = {
  notFound: 'Company not found',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'The logo can be at most 2 MB',
  logoUnreadable: 'The logo could not be read as an image',
  notAllowed: "Only the admin or a verified employer of this company's website domain can edit it",
  saved: 'Company saved',
} as const;

const companySlugSchema = z
  .string()
  .max(COMPANY_SLUG_MAX_LENGTH)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, COMPANY_MESSAGES.notFound);

export const companySlugParamSchema = z.object({ slug: companySlugSchema });

/** GET /api/companies?slugs=a,b: at most COMPANY_LOOKUP_MAX slugs, comma-separated. */
export const companyLookupQuerySchema = z.strictObject({
  slugs: z
    .string()
    .max(COMPANY_LOOKUP_MAX * (COMPANY_SLUG_MAX_LENGTH + 1))
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(companySlugSchema).max(COMPANY_LOOKUP_MAX)),
});

/** A company as the public sees it. */
export const companySchema = z.object({
  slug: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  description: z.string().nullable(),
  /** Absolute path of the re-encoded logo, its content hash in the name (cached for a year). */
  logoUrl: z.string().nullable(),
});
export type Company = z.infer<typeof companySchema>;

/**
 * GET /api/companies/:slug: the company, its active jobs (newest first, at most
 * COMPANY_JOBS_LIMIT) and its page's head (an Organization with its JobPostings).
 */
export const companyPageResponseSchema = z.object({
  company: companySchema,
  jobs: z.array(jobSchema),
  head: jobPageHeadSchema,
});
export type CompanyPageResponse = z.infer<typeof companyPageResponseSchema>;

/** GET /api/companies?slugs=: the stored companies among those asked (unknown ones left out). */
export const companyLookupResponseSchema = z.array(companySchema);

/** Body of PATCH /api/admin/companies/:slug and /api/employer/companies/:slug. */
export const companyUpdateRequestSchema = z.strictObject({
  name: requiredText(
    'Company name is required',
    textLimit('Company', TEXT_MAX_LENGTH.name),
  ).optional(),
  website: optionalHttpUrl(),
  description: clearableText(textLimit('Description', COMPANY_DESCRIPTION_MAX_LENGTH, true)),
});
export type CompanyUpdateRequest = z.infer<typeof companyUpdateRequestSchema>;

/** The companies a verified employer may edit (their e-mail domain is the website's). */
export const employerCompaniesResponseSchema = z.array(companySchema);
