import {
  ashbyJobBoardSchema,
  greenhouseJobSchema,
  leverPostingSchema,
  smartRecruitersPostingSchema,
  workableAccountSchema,
  type AshbyJob,
  type GreenhouseJob,
  type LeverPosting,
  type SmartRecruitersPosting,
  SALARY_MAX_USD,
  type EmploymentType,
  type SalaryPeriod,
  type WorkableJob,
} from '@b2g/contracts';
import type { z } from 'zod';
import { clean, htmlToText } from './html-text.js';
import type { SourceValidators } from './model.js';
import type { JsonAnswer, JsonFetcher } from './ports.js';
import { employmentTypeOf } from './posting-terms.js';

/** The applicant tracking systems whose public job-board APIs are read before scraping. */
export const ATS_PROVIDERS = [
  'greenhouse',
  'lever',
  'ashby',
  'smartrecruiters',
  'workable',
] as const;
export type AtsProvider = (typeof ATS_PROVIDERS)[number];

/** Where each provider's public API lives (tests point them at a loopback server). */
export type AtsApiBases = Record<AtsProvider, string>;

export const DEFAULT_ATS_API_BASES: AtsApiBases = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  ashby: 'https://api.ashbyhq.com',
  smartrecruiters: 'https://api.smartrecruiters.com',
  workable: 'https://apply.workable.com',
};

/** What an ATS API states of a posting. */
export interface AtsPosting {
  title: string;
  company?: string | undefined;
  location?: string | undefined;
  /** Plain text. */
  description?: string | undefined;
  /** 5 when the posting is fully remote. */
  remoteDays?: number | undefined;
  salaryMin?: number | undefined;
  salaryMax?: number | undefined;
  salaryPeriod?: SalaryPeriod | undefined;
  /** YYYY-MM-DD. */
  closingDate?: string | undefined;
  employmentType?: EmploymentType | undefined;
}

/** Validators of a response (ETag, Last-Modified), kept to ask next time whether it changed. */
export type Validators = SourceValidators;

/** A posting URL of a known ATS: which API answers for it. */
export interface AtsTarget {
  provider: AtsProvider;
  apiUrl: string;
  /** The posting's id on a board feed (Ashby, Workable list every job of the board). */
  boardJobId?: string | undefined;
}

/**
 * What the API says: `open` with the posting, `gone` (404/410, or no longer on the board's
 * feed), `unchanged` (304 to a conditional request), `unavailable` (unreachable, 5xx, a
 * response that does not parse).
 */
export type AtsReading =
  | { outcome: 'open'; posting: AtsPosting; validators: Validators }
  | { outcome: 'gone' | 'unchanged' | 'unavailable' };

const SEGMENT = /^[\w.-]{1,200}$/;
const segment = (value: string | undefined) =>
  value && SEGMENT.test(value) ? encodeURIComponent(value) : undefined;

/** The ATS API of a posting URL, or undefined when the URL is not a posting of a known ATS. */
export function atsTargetOf(rawUrl: string, bases: AtsApiBases): AtsTarget | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  if (/^(?:boards|job-boards)(?:\.eu)?\.greenhouse\.io$/.test(host)) {
    const embedded = parts[0] === 'embed';
    const board = segment(embedded ? (url.searchParams.get('for') ?? '') : parts[0]);
    const id = embedded ? url.searchParams.get('token') : parts[1] === 'jobs' ? parts[2] : '';
    if (!board || !id || !/^\d{1,20}$/.test(id)) return undefined;
    return {
      provider: 'greenhouse',
      apiUrl: `${bases.greenhouse}/v1/boards/${board}/jobs/${id}?pay_transparency=true`,
    };
  }
  if (host === 'jobs.lever.co') {
    const [company, id] = [segment(parts[0]), segment(parts[1])];
    if (!company || !id) return undefined;
    return { provider: 'lever', apiUrl: `${bases.lever}/v0/postings/${company}/${id}` };
  }
  if (host === 'jobs.ashbyhq.com') {
    const [board, id] = [segment(parts[0]), segment(parts[1])];
    if (!board || !id) return undefined;
    return {
      provider: 'ashby',
      apiUrl: `${bases.ashby}/posting-api/job-board/${board}?includeCompensation=true`,
      boardJobId: decodeURIComponent(id),
    };
  }
  if (host === 'jobs.smartrecruiters.com' || host === 'careers.smartrecruiters.com') {
    const company = segment(parts[0]);
    const id = /^(\d{6,20})(?:-|$)/.exec(parts[1] ?? '')?.[1];
    if (!company || !id) return undefined;
    return {
      provider: 'smartrecruiters',
      apiUrl: `${bases.smartrecruiters}/v1/companies/${company}/postings/${id}`,
    };
  }
  if (host === 'apply.workable.com') {
    const account = segment(parts[0]);
    const shortcode = parts[1] === 'j' ? segment(parts[2]) : undefined;
    if (!account || !shortcode) return undefined;
    return {
      provider: 'workable',
      apiUrl: `${bases.workable}/api/v1/widget/accounts/${account}?details=true`,
      boardJobId: decodeURIComponent(shortcode),
    };
  }
  return undefined;
}

/** Reads a posting from its ATS API (a conditional request when validators are given). */
export async function readAtsPosting(
  target: AtsTarget,
  fetchJson: JsonFetcher,
  validators?: Validators,
): Promise<AtsReading> {
  let answer: JsonAnswer;
  try {
    answer = await fetchJson(target.apiUrl, validators);
  } catch {
    return { outcome: 'unavailable' };
  }
  if (answer.status === 304) return { outcome: 'unchanged' };
  // A board feed answering 404 means the whole board is gone, and its jobs with it.
  if (answer.status === 404 || answer.status === 410) return { outcome: 'gone' };
  if (answer.status < 200 || answer.status >= 300) return { outcome: 'unavailable' };
  const posting = postingOf(target, answer.body);
  if (posting === undefined) return { outcome: 'unavailable' };
  if (posting === null) return { outcome: 'gone' };
  return { outcome: 'open', posting, validators: answer.validators };
}

/** The posting in an API's body; null when a board feed no longer lists it; undefined when unreadable. */
function postingOf(target: AtsTarget, body: unknown): AtsPosting | null | undefined {
  const parse = <S extends z.ZodType>(schema: S) => {
    const parsed = schema.safeParse(body);
    return parsed.success ? (parsed.data as z.output<S>) : undefined;
  };
  switch (target.provider) {
    case 'greenhouse': {
      const job = parse(greenhouseJobSchema);
      return job && fromGreenhouse(job);
    }
    case 'lever': {
      const posting = parse(leverPostingSchema);
      return posting && fromLever(posting);
    }
    case 'ashby': {
      const board = parse(ashbyJobBoardSchema);
      if (!board) return undefined;
      const job = board.jobs.find((item) => item.id === target.boardJobId);
      return job && job.isListed !== false ? fromAshby(job) : null;
    }
    case 'smartrecruiters': {
      const posting = parse(smartRecruitersPostingSchema);
      if (!posting) return undefined;
      return posting.active === false ? null : fromSmartRecruiters(posting);
    }
    case 'workable': {
      const account = parse(workableAccountSchema);
      if (!account) return undefined;
      const job = account.jobs.find((item) => item.shortcode === target.boardJobId);
      return job ? fromWorkable(job, account.name) : null;
    }
  }
}

// ------------------------------------------------------------------------------------ providers

function fromGreenhouse(job: GreenhouseJob): AtsPosting {
  const location = clean(job.location?.name);
  const pay = job.pay_input_ranges?.find((range) => isUsd(range.currency_type));
  const closing = job.metadata?.find((entry) => /clos|deadline/i.test(entry.name));
  return {
    title: job.title,
    company: clean(job.company_name),
    location,
    description: htmlToText(job.content ?? undefined),
    remoteDays: remoteFrom(location),
    ...salary(
      pay?.min_cents != null ? pay.min_cents / 100 : undefined,
      pay?.max_cents != null ? pay.max_cents / 100 : undefined,
      /hour/i.test(pay?.title ?? '') ? 'hour' : 'year',
    ),
    closingDate: typeof closing?.value === 'string' ? isoDay(closing.value) : undefined,
    employmentType: employmentTypeOf(
      job.metadata
        ?.filter((entry) => /employment|job type|commitment/i.test(entry.name))
        .map((entry) => entry.value),
    ),
  };
}

function fromLever(posting: LeverPosting): AtsPosting {
  const lists = (posting.lists ?? [])
    .map((list) => [list.text, htmlToText(list.content ?? undefined)].filter(Boolean).join(' '))
    .join(' ');
  const description = clean(
    [
      posting.descriptionPlain ?? htmlToText(posting.description ?? undefined),
      lists,
      posting.additionalPlain,
    ]
      .filter(Boolean)
      .join(' '),
  );
  const range = posting.salaryRange;
  const period = range?.interval?.includes('hour')
    ? 'hour'
    : range?.interval?.includes('year')
      ? 'year'
      : undefined;
  const location = clean(posting.categories?.location);
  return {
    title: posting.text,
    location,
    description,
    remoteDays: posting.workplaceType === 'remote' ? 5 : remoteFrom(location),
    ...(isUsd(range?.currency) && period
      ? salary(range?.min ?? undefined, range?.max ?? undefined, period)
      : {}),
    employmentType: employmentTypeOf(posting.categories?.commitment),
  };
}

function fromAshby(job: AshbyJob): AtsPosting {
  const address = job.address?.postalAddress;
  const place = [address?.addressLocality, address?.addressRegion]
    .map((part) => clean(part))
    .filter(Boolean)
    .join(', ');
  const pay = job.compensation?.summaryComponents?.find(
    (part) => /salary/i.test(part.compensationType ?? '') && isUsd(part.currencyCode),
  );
  const remote = job.isRemote === true || /remote/i.test(job.workplaceType ?? '');
  return {
    title: job.title,
    location: place || clean(job.location) || (remote ? 'Remote' : undefined),
    description: clean(job.descriptionPlain) ?? htmlToText(job.descriptionHtml ?? undefined),
    remoteDays: remote ? 5 : undefined,
    ...(pay
      ? salary(
          pay.minValue ?? undefined,
          pay.maxValue ?? undefined,
          /hour/i.test(pay.interval ?? '') ? 'hour' : 'year',
        )
      : {}),
    employmentType: employmentTypeOf(job.employmentType),
  };
}

function fromSmartRecruiters(posting: SmartRecruitersPosting): AtsPosting {
  const place = posting.location;
  const location =
    [place?.city, place?.region]
      .map((part) => clean(part))
      .filter(Boolean)
      .join(', ') || (place?.remote ? 'Remote' : undefined);
  const sections = posting.jobAd?.sections ?? {};
  const description = clean(
    ['jobDescription', 'qualifications', 'additionalInformation']
      .map((key) => sections[key])
      .map((section) => [section?.title, htmlToText(section?.text ?? undefined)].join(' '))
      .join(' '),
  );
  return {
    title: posting.name,
    company: clean(posting.company?.name),
    location,
    description,
    remoteDays: place?.remote && !place.hybrid ? 5 : undefined,
    employmentType: employmentTypeOf([
      posting.typeOfEmployment?.label,
      posting.typeOfEmployment?.id,
    ]),
  };
}

function fromWorkable(job: WorkableJob, company: string | null | undefined): AtsPosting {
  const location = [job.city, job.state]
    .map((part) => clean(part))
    .filter(Boolean)
    .join(', ');
  return {
    title: job.title,
    company: clean(company),
    location: location || (job.telecommuting ? 'Remote' : undefined),
    description: htmlToText(job.description ?? undefined),
    remoteDays: job.telecommuting ? 5 : undefined,
    employmentType: employmentTypeOf(job.employment_type),
  };
}

// ---------------------------------------------------------------------------------------- values

const isUsd = (currency: string | null | undefined) => (currency ?? 'USD').toUpperCase() === 'USD';

const remoteFrom = (location: string | undefined) =>
  location && /^remote\b/i.test(location) ? 5 : undefined;

function salary(
  min: number | undefined,
  max: number | undefined,
  period: SalaryPeriod,
): Pick<AtsPosting, 'salaryMin' | 'salaryMax' | 'salaryPeriod'> {
  const round = (value: number | undefined) =>
    value !== undefined && Number.isFinite(value) && value > 0
      ? Math.round(value * 100) / 100
      : undefined;
  const salaryMin = round(min);
  const salaryMax = round(max);
  if (salaryMin === undefined && salaryMax === undefined) return {};
  if (salaryMin !== undefined && salaryMax !== undefined && salaryMin > salaryMax) return {};
  if ((salaryMax ?? salaryMin ?? 0) > SALARY_MAX_USD[period]) return {};
  return { salaryMin, salaryMax, salaryPeriod: period };
}

/** YYYY-MM-DD of a date an ATS writes (ISO, or what Date reads); undefined when not a date. */
function isoDay(value: string): string | undefined {
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim())?.[1];
  if (iso) return iso;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed.toISOString().slice(0, 10);
}
