import {
  COMPANY_JOBS_LIMIT,
  COMPANY_MESSAGES,
  companySlug,
  ERROR_MESSAGES,
  jobPagePath,
  SITE_NAME,
  type Company,
  type CompanyPageResponse,
  type CompanyUpdateRequest,
  type Job,
  type JobPageHead,
} from '@b2g/contracts';
import { forbidden, notFound, serviceUnavailable } from '@b2g/service-kit';
import { employerAddress } from './employer-access.js';
import { jobPostingJsonLd } from './job-pages.js';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';
import { SearchUnavailableError } from './search.js';

/** A company as stored once the admin or its employer edited it; `_id` is its slug. */
export interface CompanyRecord {
  _id: string;
  name: string;
  website: string | null;
  description: string | null;
  /** The SHA-256 (hex) of its re-encoded logo, the logo's key and URL. */
  logoHash: string | null;
  updatedAt: Date;
}

/** The stored companies (data/companies.ts). */
export interface CompanyStore {
  bySlug(slug: string): Promise<CompanyRecord | null>;
  bySlugs(slugs: readonly string[]): Promise<CompanyRecord[]>;
  /** Creates or updates the company with these fields (the others kept). */
  save(
    slug: string,
    fields: Partial<Omit<CompanyRecord, '_id' | 'updatedAt'>> & { name: string },
  ): Promise<CompanyRecord>;
}

/** A company page of the sitemap: a company with active jobs, and its newest posting date. */
export interface CompanySitemapEntry {
  slug: string;
  lastModified: Date;
}

/** Active jobs by company, from the search index (one term on `companySlug`, never a scan). */
export interface CompanyJobsIndex {
  /** The company's active, open jobs, newest first. */
  activeJobs(slug: string, limit: number): Promise<Job[]>;
  /** Every company with an active, open job, streamed in slug order. */
  companies(): AsyncIterable<CompanySitemapEntry>;
}

/** An employer's own postings (one indexed equality on the poster's address), newest first. */
export type PostingsOf = (email: string) => Promise<JobRecord[]>;

/** Who edits: the admin, or a signed-in employer by their verified address. */
export type CompanyEditor = { kind: 'admin' } | { kind: 'employer'; email: string };

export interface CompaniesDeps {
  store: CompanyStore;
  jobs: CompanyJobsIndex;
  postingsOf: PostingsOf;
  now?: Clock;
}

/** The absolute path of a company's logo: its content hash names it, so it is cached for good. */
export const companyLogoPath = (slug: string, hash: string) =>
  `/api/companies/${slug}/logo/${hash}.webp`;

const hostOf = (url: string | null | undefined): string | undefined => {
  if (!url) return undefined;
  try {
    return new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
};

/** The e-mail's domain is `host` or a parent of it (a name with a dot, never a bare suffix). */
export function domainCovers(email: string, host: string | undefined): boolean {
  const domain = employerAddress(email).split('@')[1] ?? '';
  if (!host || !domain.includes('.')) return false;
  return host === domain || host.endsWith(`.${domain}`);
}

const META_DESCRIPTION_MAX = 160;

function shortText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_MAX) return line;
  const cut = line.slice(0, META_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}

/** The company page's head: an Organization with its logo and its open JobPostings. */
export function companyPageHead(
  company: Company,
  jobs: readonly Job[],
  origin: string,
): JobPageHead {
  const canonicalUrl = `${origin}/companies/${company.slug}`;
  const count = jobs.length === 1 ? '1 open job' : `${jobs.length} open jobs`;
  const description = shortText(
    company.description ?? `${count} at ${company.name} on the ${SITE_NAME}.`,
  );
  const postings = jobs.map((job) => {
    const { '@context': _context, ...posting } = jobPostingJsonLd(
      job,
      `${origin}${jobPagePath(job.id)}`,
    );
    return posting;
  });
  return {
    title: `${company.name} jobs`,
    description,
    canonicalUrl,
    jsonLd: {
      '@context': 'https://schema.org/',
      '@type': 'Organization',
      name: company.name,
      url: company.website ?? canonicalUrl,
      ...(company.logoUrl ? { logo: `${origin}${company.logoUrl}` } : {}),
      ...(company.description ? { description: company.description } : {}),
      subjectOf: postings,
    },
  };
}

function toCompany(slug: string, name: string, record: CompanyRecord | null): Company {
  return {
    slug,
    name: record?.name ?? name,
    website: record?.website ?? null,
    description: record?.description ?? null,
    logoUrl: record?.logoHash ? companyLogoPath(slug, record.logoHash) : null,
  };
}

/**
 * Company pages: a company is the name its jobs share (by slug), plus what the admin or a
 * verified employer of its website's domain stored about it (website, description, logo).
 */
export class Companies {
  constructor(private readonly deps: CompaniesDeps) {}

  private async activeJobs(slug: string): Promise<Job[]> {
    try {
      return await this.deps.jobs.activeJobs(slug, COMPANY_JOBS_LIMIT);
    } catch (error) {
      throw error instanceof SearchUnavailableError
        ? serviceUnavailable(ERROR_MESSAGES.searchUnavailable)
        : error;
    }
  }

  /** GET /api/companies?slugs=: what is stored of these companies (their logos on job cards). */
  async lookup(slugs: readonly string[]): Promise<Company[]> {
    if (slugs.length === 0) return [];
    const records = await this.deps.store.bySlugs(slugs);
    return records.map((record) => toCompany(record._id, record.name, record));
  }

  /** GET /api/companies/:slug; 404 when nothing is stored and no active job has the slug. */
  async page(slug: string, origin: string): Promise<CompanyPageResponse> {
    const [record, jobs] = await Promise.all([this.deps.store.bySlug(slug), this.activeJobs(slug)]);
    const name = record?.name ?? jobs[0]?.company;
    if (name === undefined) throw notFound(COMPANY_MESSAGES.notFound);
    const company = toCompany(slug, name, record);
    return { company, jobs, head: companyPageHead(company, jobs, origin) };
  }

  /** The company's stored record and a name for it, or a 404. */
  private async existing(slug: string): Promise<{ record: CompanyRecord | null; name: string }> {
    const record = await this.deps.store.bySlug(slug);
    if (record) return { record, name: record.name };
    const [newest] = await this.activeJobs(slug);
    if (!newest) throw notFound(COMPANY_MESSAGES.notFound);
    return { record: null, name: newest.company };
  }

  /**
   * An employer may edit a company when their e-mail's domain is its website's host or a parent
   * of it; without a stored website, when it is the apply URL's host of one of their own postings
   * of that company.
   */
  private mayEdit(
    email: string,
    slug: string,
    record: CompanyRecord | null,
    postings: readonly JobRecord[],
  ): boolean {
    if (record?.website) return domainCovers(email, hostOf(record.website));
    return postings.some(
      (job) =>
        companySlug(job.company) === slug && domainCovers(email, hostOf(job.applyUrl ?? job.url)),
    );
  }

  private async authorize(
    slug: string,
    editor: CompanyEditor,
  ): Promise<{ record: CompanyRecord | null; name: string }> {
    const found = await this.existing(slug);
    if (editor.kind === 'employer') {
      const postings = found.record?.website ? [] : await this.deps.postingsOf(editor.email);
      if (!this.mayEdit(editor.email, slug, found.record, postings))
        throw forbidden(COMPANY_MESSAGES.notAllowed);
    }
    return found;
  }

  /** PATCH …/companies/:slug: the given fields change; absent ones stay. */
  async update(slug: string, body: CompanyUpdateRequest, editor: CompanyEditor): Promise<Company> {
    const { record, name } = await this.authorize(slug, editor);
    const saved = await this.deps.store.save(slug, {
      name: body.name ?? record?.name ?? name,
      ...(body.website !== undefined ? { website: body.website } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    return toCompany(slug, saved.name, saved);
  }

  /** PUT …/companies/:slug/logo, once the image is re-encoded and stored under `hash`. */
  async setLogo(slug: string, hash: string, editor: CompanyEditor): Promise<Company> {
    const { record, name } = await this.authorize(slug, editor);
    const saved = await this.deps.store.save(slug, { name: record?.name ?? name, logoHash: hash });
    return toCompany(slug, saved.name, saved);
  }

  /** Checks the editor before the upload is decoded (a refused caller costs no image work). */
  async checkEditor(slug: string, editor: CompanyEditor): Promise<void> {
    await this.authorize(slug, editor);
  }

  /** Whether `hash` is the company's current logo (only that one is served). */
  async hasLogo(slug: string, hash: string): Promise<boolean> {
    return (await this.deps.store.bySlug(slug))?.logoHash === hash;
  }

  /** GET /api/employer/companies: the companies of the employer's postings they may edit. */
  async editableBy(email: string): Promise<Company[]> {
    const postings = await this.deps.postingsOf(email);
    const names = new Map<string, string>();
    for (const job of postings) {
      const slug = companySlug(job.company);
      if (slug && !names.has(slug)) names.set(slug, job.company);
    }
    const records = new Map(
      (await this.deps.store.bySlugs([...names.keys()])).map((record) => [record._id, record]),
    );
    return [...names]
      .filter(([slug]) => this.mayEdit(email, slug, records.get(slug) ?? null, postings))
      .map(([slug, name]) => toCompany(slug, name, records.get(slug) ?? null));
  }

  /** The sitemap's company pages: companies with active jobs. */
  async *sitemap(): AsyncIterable<CompanySitemapEntry> {
    try {
      yield* this.deps.jobs.companies();
    } catch (error) {
      throw error instanceof SearchUnavailableError
        ? serviceUnavailable(ERROR_MESSAGES.searchUnavailable)
        : error;
    }
  }
}
