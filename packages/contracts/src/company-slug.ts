// A company page's slug and path, without zod: the public job cards link to company pages.

/** A slug is at most this long; a longer company name is cut at a word. */
export const COMPANY_SLUG_MAX_LENGTH = 80;
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

/** GET /api/companies?slugs= asks for at most this many companies (a page of job cards). */
export const COMPANY_LOOKUP_MAX = 50;

/** The read of the stored companies among `slugs` (their logos beside a list of jobs). */
export const companyLookupPath = (slugs: readonly string[]) =>
  `/api/companies?slugs=${slugs.join(',')}`;

/** The company page's path, or undefined when the name gives no slug. */
export const companyPagePath = (name: string): string | undefined => {
  const slug = companySlug(name);
  return slug ? `/companies/${slug}` : undefined;
};
