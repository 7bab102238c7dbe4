import { ERROR_MESSAGES, type ExtractedJob } from '@b2g/contracts';
import { badRequest, unprocessable } from '@b2g/service-kit';
import {
  PageUnavailableError,
  PageUnreachableError,
  UrlRefusedError,
  type FetchedPage,
} from '../net/safe-fetch.js';
import { atsTargetOf, readAtsPosting, type AtsApiBases, type AtsPosting } from './ats.js';
import { extractJob } from './extract.js';
import { completeExtraction, hasJobData } from './job-fields.js';
import type { JsonFetcher } from './ports.js';

export type PageFetcher = (url: string) => Promise<FetchedPage>;

/** How auto fill reads a posting: the page, and the JSON APIs of known applicant tracking systems. */
export interface PostingReaders {
  fetchPage: PageFetcher;
  fetchJson: JsonFetcher;
  atsApiBases: AtsApiBases;
}

/**
 * POST /api/jobs/extract-from-url: what a posting says about the job. A posting URL of a known
 * ATS (Greenhouse, Lever, Ashby, SmartRecruiters, Workable) is read from its public API first;
 * otherwise, or when the API does not answer, the page (JSON-LD, then meta tags). A URL the
 * fetcher refuses is a 400 with the reason; a page that gives no answer is a 422 saying so (the
 * employer's URL may be right); one that answers an error or says nothing usable is the
 * contracts' fill-manually 422.
 */
export async function autoFill(url: string, readers: PostingReaders): Promise<ExtractedJob> {
  const target = atsTargetOf(url, readers.atsApiBases);
  if (target) {
    const reading = await readAtsPosting(target, readers.fetchJson);
    if (reading.outcome === 'open') return fromAtsPosting(reading.posting);
  }
  let page: FetchedPage;
  try {
    page = await readers.fetchPage(url);
  } catch (error) {
    if (error instanceof UrlRefusedError) throw badRequest(error.message);
    if (error instanceof PageUnreachableError) throw unprocessable(ERROR_MESSAGES.pageUnreachable);
    if (error instanceof PageUnavailableError) throw unprocessable(ERROR_MESSAGES.extractFailed);
    throw error;
  }
  const extracted = extractJob(page.html);
  if (!hasJobData(extracted)) throw unprocessable(ERROR_MESSAGES.extractFailed);
  return extracted;
}

/** The form's fields from an ATS posting: what it states, the rest inferred from its words. */
export function fromAtsPosting(posting: AtsPosting): ExtractedJob {
  const { salaryMin, salaryMax, salaryPeriod, closingDate, employmentType } = posting;
  const terms = { salaryMin, salaryMax, salaryPeriod, closingDate, employmentType };
  return {
    ...completeExtraction(posting),
    ...Object.fromEntries(Object.entries(terms).filter(([, value]) => value !== undefined)),
  };
}
