import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_TYPES,
  COMPANY_MESSAGES,
  companySlug,
  type AdminStatusResponse,
  type Company,
  type CompanyPageResponse,
} from '@b2g/contracts';
import { ADMIN_STATUS_STALE_MS, getQueryFn, throwIfResNotOk, useQuery } from '@b2g/web-platform';
import { mayHaveEmployerSession } from '../employer/session.js';

/** GET: the company, its active jobs and its page's head. */
export const companyReadPath = (slug: string) => `/api/companies/${encodeURIComponent(slug)}`;

/**
 * The logo URL of a company by its name, from its page's read (the one the company page makes, so
 * one read serves both); undefined while unknown or when the name gives no page.
 */
export function useCompanyLogoUrl(company: string): string | null | undefined {
  const slug = companySlug(company);
  const page = useQuery<CompanyPageResponse>({
    queryKey: [companyReadPath(slug)],
    enabled: slug !== '',
    retry: false,
  });
  return page.data?.company.logoUrl;
}

/** The same key as the shell footer's, so one read serves both. */
const ADMIN_STATUS_KEY = ['/api/admin/status'] as const;
export const EMPLOYER_COMPANIES_KEY = ['/api/employer/companies'] as const;

/** Who edits a company: the admin (any company, by the admin cookie) or an employer session. */
export type CompanyEditorKind = 'admin' | 'employer';

/** The edit calls' base path for an editor: PATCH it, PUT `${base}/logo`. */
export const companyEditPath = (editor: CompanyEditorKind, slug: string) =>
  `/api/${editor}/companies/${encodeURIComponent(slug)}`;

/**
 * How this visitor may edit the company, or null: the admin edits any company; otherwise an
 * employer session edits the companies GET /api/employer/companies lists, asked only when this
 * browser signed in with a link (a visitor causes no 401).
 */
export function useCompanyEditor(slug: string): CompanyEditorKind | null {
  const admin = useQuery<AdminStatusResponse>({
    queryKey: ADMIN_STATUS_KEY,
    staleTime: ADMIN_STATUS_STALE_MS,
    retry: false,
  });
  const isAdmin = admin.data?.isAdmin === true;
  const employer = useQuery<Company[] | null>({
    queryKey: EMPLOYER_COMPANIES_KEY,
    queryFn: getQueryFn({ on401: 'returnNull' }),
    enabled: !admin.isPending && !isAdmin && mayHaveEmployerSession(),
    staleTime: 0,
  });
  if (isAdmin) return 'admin';
  return employer.data?.some((company) => company.slug === slug) ? 'employer' : null;
}

/** Why a chosen logo file would be refused (the contract's words), or undefined. */
export function logoProblem(file: File): string | undefined {
  if (!(COMPANY_LOGO_TYPES as readonly string[]).includes(file.type))
    return COMPANY_MESSAGES.logoType;
  if (file.size > COMPANY_LOGO_MAX_BYTES) return COMPANY_MESSAGES.logoTooLarge;
  return undefined;
}

/**
 * PUT the image as the request's body with its own type (apiRequest sends JSON only); the cookie
 * goes with it. Resolves with the company and its new logo URL; rejects with ApiError.
 */
export async function uploadLogo(
  editor: CompanyEditorKind,
  slug: string,
  file: File,
): Promise<Company> {
  const res = await fetch(`${companyEditPath(editor, slug)}/logo`, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type },
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return (await res.json()) as Company;
}
