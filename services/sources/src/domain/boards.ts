import type { AtsName, Board } from './postings.js';

/** A board name as the ATSes write them: letters, digits, '-', '_', '.'; never a path. */
const NAME = /^[A-Za-z0-9][\w.-]{0,99}$/;
/** First path segments that are pages of the ATS, not boards. */
const NOT_BOARDS = new Set(['embed', 'api', 'v0', 'v1', 'j', 'jobs', 'login', 'search']);

/** Whether a name can be a board's: one safe path segment, never a page of the ATS. */
export const isBoardName = (name: string | null | undefined): name is string =>
  !!name && NAME.test(name) && !NOT_BOARDS.has(name.toLowerCase()) && !/^\.+$/.test(name);

const boardOf = (ats: AtsName, name: string | null | undefined): Board | undefined =>
  isBoardName(name) ? { ats, name } : undefined;

/**
 * The ATS board a careers URL shows (`https://boards.greenhouse.io/acme`,
 * `https://jobs.lever.co/acme/…`, `https://apply.workable.com/acme/`, …); undefined for any other
 * URL. A posting's URL names its board too.
 */
export function boardOfUrl(raw: string): Board | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  const host = url.hostname.toLowerCase();
  const [first, second] = url.pathname
    .split('/')
    .filter(Boolean)
    .map((part) => safeDecode(part));
  if (/^(?:boards|job-boards)(?:\.eu)?\.greenhouse\.io$/.test(host)) {
    // The embedded board names its board in a parameter: /embed/job_board?for=acme
    return boardOf('greenhouse', first === 'embed' ? url.searchParams.get('for') : first);
  }
  if (host === 'boards-api.greenhouse.io' && first === 'v1' && second === 'boards') {
    return boardOf('greenhouse', url.pathname.split('/')[3]);
  }
  if (host === 'jobs.lever.co') return boardOf('lever', first);
  if (host === 'jobs.ashbyhq.com') return boardOf('ashby', first);
  if (host === 'careers.smartrecruiters.com' || host === 'jobs.smartrecruiters.com') {
    return boardOf('smartrecruiters', first);
  }
  if (host === 'apply.workable.com') return boardOf('workable', first);
  // The older board address: https://acme.workable.com
  const sub = /^([a-z0-9][a-z0-9-]{0,62})\.workable\.com$/.exec(host)?.[1];
  if (sub && !['www', 'apply', 'jobs', 'api'].includes(sub)) return boardOf('workable', sub);
  return undefined;
}

function safeDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
