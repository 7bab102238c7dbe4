import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_MESSAGES,
  companyLookupQuerySchema,
  companySlugParamSchema,
  companyUpdateRequestSchema,
  EMPLOYER_SESSION_COOKIE,
} from '@b2g/contracts';
import {
  notFound,
  parseWith,
  readCookie,
  requireAdmin,
  requireSameOrigin,
  type TokenVerifier,
} from '@b2g/service-kit';
import express, { Router, type NextFunction, type Request, type Response } from 'express';
import type { Companies, CompanyEditor } from '../domain/companies.js';
import type { EmployerAccess } from '../domain/employer-access.js';
import { encodeLogo, logoTooLarge, type LogoStore } from '../domain/logo.js';
import { publicOrigin } from './documents.js';

export interface CompanyRoutesDeps {
  companies: Companies;
  logos: LogoStore;
  employerAccess: EmployerAccess;
  verifier: TokenVerifier;
  /** The site's public origin for absolute links (PUBLIC_URL); unset: the request's. */
  publicUrl?: string | undefined;
}

/** A company page's answer may be cached this long (as a job page's). */
const PAGE_MAX_AGE_SECONDS = 60;
/** A logo's URL names its content: it never changes. */
const LOGO_CACHE = 'public, max-age=31536000, immutable';
const LOGO_FILE = /^[0-9a-f]{64}$/;

/**
 * The raw logo body, at most COMPANY_LOGO_MAX_BYTES (whatever its declared type: the bytes decide).
 * A bigger announced length is refused before a byte is read; a bigger stream when it passes it.
 */
const logoBody = express.raw({ type: () => true, limit: COMPANY_LOGO_MAX_BYTES });
function readLogo(req: Request, res: Response, next: NextFunction): void {
  if (Number(req.headers['content-length']) > COMPANY_LOGO_MAX_BYTES) return next(logoTooLarge());
  logoBody(req, res, (error?: unknown) => {
    const tooLarge =
      typeof error === 'object' && error !== null && 'type' in error
        ? error.type === 'entity.too.large'
        : false;
    next(tooLarge ? logoTooLarge() : error);
  });
}

const bodyBytes = (req: Request): Buffer =>
  Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);

/**
 * Company pages and their editing: GET /api/companies/:slug (the page) and its logo; PATCH and
 * PUT …/logo under /api/admin/companies (admin cookie) and /api/employer/companies (employer
 * session, only companies of the address's own domain).
 */
export function companyRoutes(deps: CompanyRoutesDeps): Router {
  const router = Router();
  router.use('/api/admin/companies', requireAdmin(deps.verifier));
  router.use('/api/employer/companies', requireSameOrigin);

  /** The signed-in employer's address, or a 401. */
  const employerEmailOf = async (req: Request) =>
    (await deps.employerAccess.session(readCookie(req.headers.cookie, EMPLOYER_SESSION_COOKIE)))
      .email;
  const employerOf = async (req: Request): Promise<CompanyEditor> => ({
    kind: 'employer',
    email: await employerEmailOf(req),
  });
  const admin = (): Promise<CompanyEditor> => Promise.resolve({ kind: 'admin' });

  router.get('/api/companies', async (req, res) => {
    const { slugs } = parseWith(companyLookupQuerySchema, req.query);
    const companies = await deps.companies.lookup(slugs);
    res.set('Cache-Control', `public, max-age=${PAGE_MAX_AGE_SECONDS}`).json(companies);
  });

  router.get('/api/companies/:slug', async (req, res) => {
    const { slug } = parseWith(companySlugParamSchema, req.params);
    const page = await deps.companies.page(slug, publicOrigin(req, deps.publicUrl));
    res.set('Cache-Control', `public, max-age=${PAGE_MAX_AGE_SECONDS}`).json(page);
  });

  router.get('/api/companies/:slug/logo/:hash.webp', async (req, res) => {
    const { slug } = parseWith(companySlugParamSchema, { slug: req.params.slug });
    const hash = String(req.params.hash);
    const logo =
      LOGO_FILE.test(hash) && (await deps.companies.hasLogo(slug, hash))
        ? await deps.logos.get(hash)
        : null;
    if (!logo) throw notFound(COMPANY_MESSAGES.notFound);
    res
      .set('Cache-Control', LOGO_CACHE)
      .set('Content-Type', 'image/webp')
      .set('X-Content-Type-Options', 'nosniff')
      .send(logo);
  });

  router.get('/api/employer/companies', async (req, res) => {
    res.json(await deps.companies.editableBy(await employerEmailOf(req)));
  });

  const update = (editorOf: (req: Request) => Promise<CompanyEditor>) =>
    async function updateCompany(req: Request, res: Response) {
      const editor = await editorOf(req);
      const { slug } = parseWith(companySlugParamSchema, req.params);
      const body = parseWith(companyUpdateRequestSchema, req.body);
      res.json(await deps.companies.update(slug, body, editor));
    };
  // Who may edit is checked before the body is read or decoded.
  const mayEdit = (editorOf: (req: Request) => Promise<CompanyEditor>) =>
    async function mayEditCompany(req: Request, _res: Response, next: NextFunction) {
      const { slug } = parseWith(companySlugParamSchema, req.params);
      await deps.companies.checkEditor(slug, await editorOf(req));
      next();
    };
  const uploadLogo = (editorOf: (req: Request) => Promise<CompanyEditor>) =>
    async function uploadCompanyLogo(req: Request, res: Response) {
      const editor = await editorOf(req);
      const { slug } = parseWith(companySlugParamSchema, req.params);
      const logo = await encodeLogo(bodyBytes(req), req.get('content-type'));
      await deps.logos.put(logo);
      res.json(await deps.companies.setLogo(slug, logo.hash, editor));
    };

  router.patch('/api/admin/companies/:slug', update(admin));
  router.put('/api/admin/companies/:slug/logo', mayEdit(admin), readLogo, uploadLogo(admin));
  router.patch('/api/employer/companies/:slug', update(employerOf));
  router.put(
    '/api/employer/companies/:slug/logo',
    mayEdit(employerOf),
    readLogo,
    uploadLogo(employerOf),
  );

  return router;
}
