import { ERROR_MESSAGES, type ExtractedJob } from '@b2g/contracts';
import { badRequest, unprocessable } from '@b2g/service-kit';
import { PageUnavailableError, UrlRefusedError, type FetchedPage } from '../net/safe-fetch.js';
import { extractJob, hasJobData } from './extract.js';

export type PageFetcher = (url: string) => Promise<FetchedPage>;

/**
 * POST /api/jobs/extract-from-url: what a posting page says about the job. A URL the fetcher
 * refuses is a 400 with the reason; a page that cannot be loaded or says nothing usable is the
 * contracts' 422.
 */
export async function autoFill(url: string, fetchPage: PageFetcher): Promise<ExtractedJob> {
  let page: FetchedPage;
  try {
    page = await fetchPage(url);
  } catch (error) {
    if (error instanceof UrlRefusedError) throw badRequest(error.message);
    if (error instanceof PageUnavailableError) throw unprocessable(ERROR_MESSAGES.extractFailed);
    throw error;
  }
  const extracted = extractJob(page.html);
  if (!hasJobData(extracted)) throw unprocessable(ERROR_MESSAGES.extractFailed);
  return extracted;
}
