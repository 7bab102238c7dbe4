import {
  descriptionBlocks,
  escapeHtml,
  ERROR_MESSAGES,
  JOB_FEED_LIMIT,
  jobPagePath,
  SIMILAR_JOBS_LIMIT,
  SITEMAP_FILE_KEYS,
  type EmploymentType,
  type Job,
  type JobListItem,
  type JobPageHead,
  type JobPageResponse,
  type SimilarJob,
  type SitemapFileKey,
} from '@b2g/contracts';
import { notFound, serviceUnavailable } from '@b2g/service-kit';
import { toPublicJob } from './job.js';
import { isPastLastDay } from './expiry.js';
import type { Listing } from './listing.js';
import type { JobListing, JobRecord, JobSearchQuery } from './model.js';
import type {
  Clock,
  JobPagesStore,
  SimilarJobsIndex,
  SitemapEntry,
  SitemapSource,
} from './ports.js';
import { SearchUnavailableError, todayOf, workplaceOf } from './search.js';

export interface JobPagesDeps {
  store: JobPagesStore;
  similar: SimilarJobsIndex;
  sitemap: SitemapSource;
  jobs: Pick<Listing, 'listJobs'>;
  now?: Clock;
}

/**
 * A deleted (or closed) job is gone; so is one past its last day (its closing date, else its
 * expiry day), before the checker or the expiry sweep closes it.
 */
export function isGone(record: JobRecord, now: Date): boolean {
  return record.deletedAt !== null || isPastLastDay(record, todayOf(now));
}

const EMPLOYMENT_TYPES: Record<EmploymentType, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
};

const US_STATE = /^[A-Z]{2}$/;

/** "Arlington, VA" → locality Arlington, region VA; other text is the locality. */
function postalAddress(location: string) {
  const parts = location.split(',').map((part) => part.trim());
  const region = parts.length > 1 ? parts.at(-1) : undefined;
  const locality = region && US_STATE.test(region) ? parts.slice(0, -1).join(', ') : location;
  return {
    '@type': 'PostalAddress',
    addressLocality: locality,
    ...(region && US_STATE.test(region) ? { addressRegion: region } : {}),
    addressCountry: 'US',
  };
}

/** The plain-text description as the simple HTML Google reads in a JobPosting, every text escaped. */
export function descriptionHtml(text: string): string {
  return descriptionBlocks(text)
    .map((block) => {
      if (block.kind === 'paragraph') return `<p>${block.lines.map(escapeHtml).join('<br>')}</p>`;
      const tag = block.kind === 'bullets' ? 'ul' : 'ol';
      return `<${tag}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${tag}>`;
    })
    .join('');
}

/**
 * A complete schema.org JobPosting (Google's required and recommended properties) for a job's
 * page at `pageUrl`. A fully remote job is TELECOMMUTE for applicants in the US; the apply link
 * leads to the employer's site, so directApply is false.
 */
export function jobPostingJsonLd(job: Job, pageUrl: string) {
  const remote = workplaceOf(job) === 'remote';
  const salary =
    job.salaryMin != null || job.salaryMax != null
      ? {
          '@type': 'MonetaryAmount',
          currency: 'USD',
          value: {
            '@type': 'QuantitativeValue',
            ...(job.salaryMin != null ? { minValue: job.salaryMin } : {}),
            ...(job.salaryMax != null ? { maxValue: job.salaryMax } : {}),
            unitText: job.salaryPeriod === 'hour' ? 'HOUR' : 'YEAR',
          },
        }
      : undefined;
  const employmentType = job.employmentType ? EMPLOYMENT_TYPES[job.employmentType] : undefined;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: descriptionHtml(job.description) || escapeHtml(job.title),
    datePosted: job.postedAt,
    // Applications are taken through the closing day.
    ...(job.closingDate ? { validThrough: `${job.closingDate}T23:59:59Z` } : {}),
    hiringOrganization: { '@type': 'Organization', name: job.company },
    jobLocation: { '@type': 'Place', address: postalAddress(job.location) },
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'US' },
        }
      : {}),
    ...(employmentType ? { employmentType } : {}),
    ...(salary ? { baseSalary: salary } : {}),
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    directApply: false,
    url: pageUrl,
  };
}

const META_DESCRIPTION_MAX = 160;

/** The description as one line of at most META_DESCRIPTION_MAX characters, cut at a word. */
function metaDescription(job: Job): string {
  const text = job.description.replace(/\s+/g, ' ').trim();
  const lead = `${job.title} at ${job.company}, ${job.location}.`;
  const full = text ? `${lead} ${text}` : lead;
  if (full.length <= META_DESCRIPTION_MAX) return full;
  const cut = full.slice(0, META_DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), lead.length))}…`;
}

/** A job page's title, meta description and JobPosting. */
export function jobPageHead(job: Job, origin: string): JobPageHead {
  const canonicalUrl = `${origin}${jobPagePath(job.id)}`;
  return {
    title: `${job.title} – ${job.company}`,
    description: metaDescription(job),
    canonicalUrl,
    jsonLd: jobPostingJsonLd(job, canonicalUrl),
  };
}

/** A feed's newest JOB_FEED_LIMIT jobs of a search, whatever page or order it asked for. */
export type FeedQuery = JobSearchQuery;

/**
 * Job pages (with similar jobs), the sitemap of active jobs and feeds of searches: what the
 * public site and search engines read without JavaScript.
 */
export class JobPages {
  private readonly now: Clock;

  constructor(private readonly deps: JobPagesDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** An active job with its head and similar jobs; only similar jobs for a gone one. */
  async page(id: string, origin: string): Promise<JobPageResponse> {
    const record = await this.deps.store.byId(id);
    if (!record) throw notFound(ERROR_MESSAGES.jobNotFound);
    const similar = await this.similar(record);
    if (isGone(record, this.now())) return { status: 'gone', similar };
    const job = toPublicJob(record);
    return { status: 'active', job, head: jobPageHead(job, origin), similar };
  }

  /** Similar active jobs by words; while search is down, the newest of the same function. */
  private async similar(record: JobRecord): Promise<SimilarJob[]> {
    try {
      return await this.deps.similar.similar(record, SIMILAR_JOBS_LIMIT);
    } catch (error) {
      if (!(error instanceof SearchUnavailableError)) throw error;
      const newest = await this.deps.store.newestOfFunction(
        record.jobFunction,
        record._id,
        SIMILAR_JOBS_LIMIT,
        this.now(),
      );
      return newest.map((job) => ({
        id: job._id,
        title: job.title,
        company: job.company,
        location: job.location,
        postedAt: job.postedAt.toISOString(),
      }));
    }
  }

  /** The sitemap's files, each listing the active open jobs whose id starts with its key. */
  sitemapFiles(): readonly SitemapFileKey[] {
    return SITEMAP_FILE_KEYS;
  }

  /** The job pages of one sitemap file, streamed; 503 while the search index is down. */
  async *sitemapFile(file: SitemapFileKey): AsyncIterable<SitemapEntry> {
    try {
      yield* this.deps.sitemap.entries(file);
    } catch (error) {
      throw error instanceof SearchUnavailableError
        ? serviceUnavailable(ERROR_MESSAGES.searchUnavailable)
        : error;
    }
  }

  /** The newest JOB_FEED_LIMIT jobs of a search (the same filters and text as GET /api/jobs). */
  async feed(query: FeedQuery): Promise<JobListing & { items: JobListItem[] }> {
    return this.deps.jobs.listJobs({
      ...query,
      sort: 'newest',
      limit: JOB_FEED_LIMIT,
      offset: 0,
      cursor: undefined,
    });
  }
}
