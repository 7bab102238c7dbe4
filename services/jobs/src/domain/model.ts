import type {
  EmployerType,
  EmploymentType,
  ExperienceLevel,
  FEATURED_FUNCTIONS,
  Job,
  JobClosedReason,
  JobClearance,
  JobFunction,
  JobListItem,
  JobsQuery,
  Polygraph,
  SalaryPeriod,
  Sector,
} from '@b2g/contracts';

/** Who posted a job: anyone through the public form, or the admin. */
export type JobPoster = 'public' | 'admin';

/** Validators of the job's source from its last check (conditional requests). */
export interface SourceValidators {
  etag?: string | undefined;
  lastModified?: string | undefined;
}

/** What the freshness checker and the featured choice keep of a job (absent on older jobs). */
export interface FreshnessFields {
  postedBy?: JobPoster | undefined;
  /** When the checker last found the job open at its source. */
  lastVerifiedAt?: Date | null | undefined;
  /** Why the checker closed the job (null when open or deleted by the admin). */
  closedReason?: JobClosedReason | null | undefined;
  sourceValidators?: SourceValidators | null | undefined;
  /**
   * YYYY-MM-DD, the last day a public posting without a closing date is on the board (a closing
   * date replaces it); null or absent: it does not expire (the admin's, imported and older jobs).
   */
  expiresOn?: string | null | undefined;
}

/**
 * The B2G fields as stored (null when unknown). Jobs stored before they existed lack them, hence
 * optional.
 */
export interface B2gJobFields {
  clearance?: JobClearance | null;
  polygraph?: Polygraph | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  salaryPeriod?: SalaryPeriod | null;
  /** YYYY-MM-DD: the last day applications are taken. */
  closingDate?: string | null;
  employmentType?: EmploymentType | null;
  customer?: string | null;
}

/** What a request may say of the B2G fields (absent = unknown). */
export type B2gJobInput = {
  [K in keyof B2gJobFields]?: Exclude<B2gJobFields[K], null> | undefined;
};

/** A job with every stored field; `_id` is the uuid the API calls `id`. */
export interface JobRecord extends B2gJobFields, FreshnessFields {
  _id: string;
  title: string;
  company: string;
  location: string;
  description: string;
  url: string | null;
  link: string | null;
  poster: string | null;
  applyUrl: string | null;
  sector: Sector;
  employerType: EmployerType | null;
  isAgencyRole: boolean;
  isRemote: boolean;
  remoteDays: number | null;
  experienceLevel: ExperienceLevel | null;
  jobFunction: JobFunction | null;
  source: string;
  postedAt: Date;
  createdAt: Date;
  deletedAt: Date | null;
  external: boolean;
  bookmarkCount: number;
  /** SHA-256 of the normalised title, company, location and url: the duplicate check. */
  hash: string;
  /**
   * `hash` while the job is active, absent while it is soft-deleted: a unique sparse index on it
   * keeps hashes unique among active jobs (FerretDB has no partial indexes).
   */
  activeHash?: string | undefined;
  /**
   * `identityKey` of the title, company and location while the job is active, absent while it is
   * soft-deleted: the public post's duplicate check is one indexed equality lookup on it.
   */
  activeIdentityKey?: string | undefined;
  /** Incremented by every write: optimistic concurrency for writers, ordering for read models. */
  revision: number;
  /**
   * The poster's e-mail address, lowercased (a public post that gave one): the employer who
   * manages the job. Never in the public job, the search index or an event.
   */
  posterEmail?: string | undefined;
  /**
   * The account signed in when the job was posted (the user token's subject): that account
   * manages the job. Never in the public job, the search index or an event.
   */
  posterAccountId?: string | undefined;
  /** The poster's e-mail domain, lowercased (public posts): what an e-mail domain ban matches. */
  posterDomain?: string | undefined;
  /** The apply URL's host, lowercased (public posts): what an apply host ban matches. */
  applyHost?: string | undefined;
}

/** The words of a job that make it "the same job" for a public post. */
export interface JobIdentity {
  title: string;
  company: string;
  location: string;
}

/** A page of jobs as the store reads them. */
export interface JobPage {
  items: JobRecord[];
  total: number;
}

export interface AdminListQuery {
  includeDeleted: boolean;
  search?: string | undefined;
}

/** What GET /api/jobs asks, parsed. */
export type JobSearchQuery = JobsQuery;

export interface JobSearchPage {
  items: JobListItem[];
  total: number;
  /** Continues after the last item (search_after), when more items follow. */
  nextCursor?: string | undefined;
}

/** GET /api/jobs: a page, and whether it came from the database because search was down. */
export type JobListing = JobSearchPage & { degraded: boolean };

export type FeaturedFunction = (typeof FEATURED_FUNCTIONS)[number];

/** A recent job of a function, and who posted it (the featured choice leaves fresh anonymous posts out). */
export type FeaturedCandidate = Job & { postedBy?: JobPoster | undefined };

export interface FeaturedPin {
  jobId: string;
  pinnedAt: Date;
}
