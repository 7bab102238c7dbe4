import {
  COMPANY_MESSAGES,
  companyPageResponseSchema,
  companySlugParamSchema,
  documentTitle,
  escapeHtml,
  type CompanyPageResponse,
} from '@b2g/contracts';
import type { RequestHandler } from 'express';
import {
  headMarkup,
  NOINDEX,
  PAGE_CACHE,
  pageLookup,
  sendPage,
  withHead,
  type JobPageDeps,
  type PageLookup,
} from './job-page.js';

/** The page of a company lookup: status, HTML. */
export function renderCompanyPage(
  shell: string,
  lookup: PageLookup<CompanyPageResponse>,
): { status: number; html: string } {
  if (!('head' in lookup)) {
    return {
      status: 404,
      html: withHead(shell, { title: documentTitle(COMPANY_MESSAGES.notFound), extra: NOINDEX }),
    };
  }
  const { head, company } = lookup;
  const logo = head.jsonLd.logo;
  const image =
    company.logoUrl && typeof logo === 'string'
      ? `<meta property="og:image" content="${escapeHtml(logo)}">`
      : '';
  return {
    status: 200,
    html: withHead(shell, {
      title: documentTitle(head.title),
      description: head.description,
      extra: headMarkup(head) + image,
    }),
  };
}

/**
 * GET /companies/:slug: the shell page with the company's title, description, canonical URL and
 * Organization JSON-LD (with its open JobPostings) in its head, from the jobs service's
 * /api/companies/:slug, kept as a job page's is; 404 with noindex for an unknown or malformed slug.
 * When the service cannot answer in time the plain shell page goes out (never cached).
 */
export function companyPageHandler(deps: JobPageDeps): RequestHandler {
  const lookUp = pageLookup(deps, (body) => companyPageResponseSchema.parse(body));
  return async (req, res, next) => {
    const shell = deps.shellHtml(req);
    if (shell === undefined) return next();
    const valid = companySlugParamSchema.safeParse({ slug: req.params.slug });
    const lookup = valid.success
      ? await lookUp(`/api/companies/${valid.data.slug}`, req)
      : { status: 'unknown' as const };
    if (lookup === undefined) return sendPage(res, 200, shell, 'no-store');
    const page = renderCompanyPage(shell, lookup);
    sendPage(res, page.status, page.html, PAGE_CACHE);
  };
}
