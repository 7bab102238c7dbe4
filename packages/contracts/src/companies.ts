import { z } from 'zod';
import { jobSchema } from './entities.js';
import { clearableText, optionalHttpUrl, requiredText, textLimit } from './fields.js';
import { jobPageHeadSchema } from './job-pages.js';
import { TEXT_MAX_LENGTH } from './constants.js';

/** A slug is at most this long; a longer company name is cut at a word. */
export const COMPANY_SLUG_MAX_LENGTH = 80;
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

/**
 * The company's name as a URL slug: lowercase ASCII letters and digits in words joined by "-";
 * '' when the name has none (that company has no page).
 */
export function companySlug(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > COMPANY_SLUG_MAX_LENGTH) break;
    slug = next;
  }
  return slug || (words[0] ?? '').slice(0, COMPANY_SLUG_MAX_LENGTH);
}

/** The company page's path, or undefined when the name gives no slug. */
export const companyPagePath = (name: string): string | undefined => {
  const slug = companySlug(name);
  return slug ? `/companies/${slug}` : undefined;
};

export const companySlugParamSchema = z.object({
  slug: z
    .string()
    .max(COMPANY_SLUG_MAX_LENGTH)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, COMPANY_MESSAGES.notFound),
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
