import { ATS_NAMES, type AtsName } from '../../domain/postings.js';
import { BoardReadError } from '../../domain/ports.js';

/** How the board readers reach the ATSes, and how politely. */
export interface AtsSettings {
  /** Each ATS's API base, without a trailing slash (tests point them at a loopback server). */
  bases: Record<AtsName, string>;
  /** Plain http to a loopback base; only tests set it. */
  allowLoopbackHttp?: boolean | undefined;
  /** One request's time limit, answer included. */
  timeoutMs: number;
  /** The largest answer read; a larger one is an error. */
  maxBytes: number;
  /** Retries after a 429, a 5xx or no answer, before the read gives up. */
  maxRetries: number;
  /** The first back-off; it doubles each retry, with jitter. */
  backoffMs: number;
  /** The longest wait, Retry-After included: a host asking for more is given up on for now. */
  maxBackoffMs: number;
  /** Postings asked per page where the API pages (Lever, SmartRecruiters). */
  pageSize: number;
  /** Pages read at most per board: a bound on a board that never stops paging. */
  maxPages: number;
}

export const DEFAULT_ATS_SETTINGS: AtsSettings = {
  bases: {
    greenhouse: 'https://boards-api.greenhouse.io',
    lever: 'https://api.lever.co',
    ashby: 'https://api.ashbyhq.com',
    smartrecruiters: 'https://api.smartrecruiters.com',
    workable: 'https://apply.workable.com',
  },
  timeoutMs: 20_000,
  maxBytes: 20 * 1024 * 1024,
  maxRetries: 4,
  backoffMs: 2_000,
  maxBackoffMs: 120_000,
  pageSize: 100,
  maxPages: 200,
};

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The settings, refused when a base is not https (or loopback http where tests allow it). */
export function checkedSettings(settings: AtsSettings): AtsSettings {
  for (const ats of ATS_NAMES) {
    const base = settings.bases[ats];
    let url: URL;
    try {
      url = new URL(base);
    } catch {
      throw new BoardReadError('refused', `The ${ats} API base is not a URL.`);
    }
    const loopbackHttp =
      settings.allowLoopbackHttp === true && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
    if (url.protocol !== 'https:' && !loopbackHttp) {
      throw new BoardReadError('refused', `The ${ats} API base must be https.`);
    }
    if (url.username || url.password || url.search || url.hash || base.endsWith('/')) {
      throw new BoardReadError('refused', `The ${ats} API base must be a bare origin and path.`);
    }
  }
  return settings;
}
