import type { ExperienceLevel, ExtractedJob, JobFunction, Sector } from '@b2g/contracts';
import { load, type CheerioAPI } from 'cheerio';
import { readPostingTerms } from './posting-terms.js';

/**
 * Reads a job posting page: schema.org JobPosting JSON-LD first (a single object, arrays and
 * `@graph`, as Greenhouse, Lever, Workday, USAJOBS and LinkedIn publish it), then OpenGraph and
 * meta tags, <title> and <h1>. Pay, closing date and employment type come from the JSON-LD only
 * (posting-terms.ts). What the page does not state (sector, function, experience level,
 * remote days) is inferred from its words; nothing is guessed when the words do not say.
 */
export function extractJob(html: string): ExtractedJob {
  const $ = load(html);
  const posting = findJobPosting($);
  const fromLd = posting ? readPosting(posting) : {};
  const fromMeta = readMeta($);
  const company = fromLd.company ?? fromMeta.company;
  const result = completeExtraction({
    title: cleanTitle(fromLd.title ?? fromMeta.title, company),
    company,
    location: fromLd.location,
    description: fromLd.description ?? fromMeta.description,
    categories: fromLd.categories,
    remoteDays: fromLd.remoteDays,
    experienceLevel: fromLd.experienceLevel,
  });
  return posting ? { ...result, ...readPostingTerms(posting) } : result;
}

/** What a source states of a job, before inference fills the rest. */
export interface StatedJob {
  title?: string | undefined;
  company?: string | undefined;
  location?: string | undefined;
  description?: string | undefined;
  /** Industry or category words that help infer the sector. */
  categories?: string | undefined;
  remoteDays?: number | undefined;
  experienceLevel?: ExperienceLevel | undefined;
}

/**
 * The form's fields from what a source states (a page's JSON-LD or meta tags, an ATS API): what
 * it does not state (sector, function, experience level, remote days) is inferred from its words.
 */
export function completeExtraction(stated: StatedJob): ExtractedJob {
  const { title, company, location, description } = stated;
  const text = [title, company, location, description, stated.categories]
    .filter(Boolean)
    .join('\n');
  const headline = [title, company].filter(Boolean).join('\n');

  const result: ExtractedJob = {};
  if (title) result.title = title;
  if (company) result.company = company;
  if (location) result.location = location;
  if (description) result.description = description;
  const sector = inferSector(headline, text);
  if (sector) result.sector = sector;
  const experienceLevel =
    stated.experienceLevel ?? inferExperienceLevel(title ?? '', description ?? '');
  if (experienceLevel) result.experienceLevel = experienceLevel;
  const jobFunction = inferJobFunction(title ?? '', description ?? '');
  if (jobFunction) result.jobFunction = jobFunction;
  const remoteDays =
    stated.remoteDays ??
    (location && /^remote\b/i.test(location) ? 5 : inferRemoteDays(description ?? ''));
  if (remoteDays) result.remoteDays = remoteDays;
  return result;
}

/** True when the extraction found something a person would fill the form with. */
export const hasJobData = (job: ExtractedJob) =>
  Boolean(job.title || job.company || job.description);

// ------------------------------------------------------------------------------------------ JSON-LD

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function findJobPosting($: CheerioAPI): Json | undefined {
  for (const element of $('script[type="application/ld+json"]').toArray()) {
    const raw = $(element).text().trim();
    if (!raw) continue;
    const found = firstPosting(parseLooseJson(raw), 0);
    if (found) return found;
  }
  return undefined;
}

/** JSON-LD as pages write it: sometimes with raw control characters or trailing commas. */
function parseLooseJson(raw: string): unknown {
  const cleaned = raw.replace(/^\s*<!--/, '').replace(/-->\s*$/, '');
  for (const candidate of [
    cleaned,
    cleaned.replace(/\p{Cc}+/gu, ' ').replace(/,\s*([}\]])/g, '$1'),
  ]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next, more forgiving reading
    }
  }
  return undefined;
}

function typesOf(node: Json): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
}

function firstPosting(node: unknown, depth: number): Json | undefined {
  if (depth > 6) return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = firstPosting(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (typesOf(node).some((type) => type.replace(/^.*[/:]/, '') === 'JobPosting')) return node;
  for (const value of Object.values(node)) {
    if (typeof value === 'object' && value !== null) {
      const found = firstPosting(value, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

interface PostingFields {
  title?: string | undefined;
  company?: string | undefined;
  location?: string | undefined;
  description?: string | undefined;
  remoteDays?: number | undefined;
  experienceLevel?: ExperienceLevel | undefined;
  categories?: string | undefined;
}

function readPosting(posting: Json): PostingFields {
  const remote = textsOf(posting.jobLocationType).some((type) => /telecommute/i.test(type));
  return {
    title: clean(firstText(posting.title) ?? firstText(posting.name)),
    company: clean(organizationName(posting.hiringOrganization)),
    location: locationOf(posting.jobLocation) ?? (remote ? 'Remote' : undefined),
    description: htmlToText(firstText(posting.description)),
    remoteDays: remote ? 5 : undefined,
    experienceLevel: levelFromMonths(posting.experienceRequirements),
    categories:
      [posting.industry, posting.occupationalCategory].flatMap(textsOf).join(' ') || undefined,
  };
}

function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (isObject(value)) return textsOf(value.name ?? value['@value']);
  return [];
}

const firstText = (value: unknown) => textsOf(value)[0];

function organizationName(value: unknown): string | undefined {
  if (Array.isArray(value)) return organizationName(value[0]);
  if (typeof value === 'string') return value;
  if (isObject(value)) return firstText(value.name) ?? firstText(value.legalName);
  return undefined;
}

function locationOf(value: unknown): string | undefined {
  const places = Array.isArray(value) ? value : [value];
  for (const place of places) {
    if (typeof place === 'string' && place.trim()) return clean(place);
    if (!isObject(place)) continue;
    const address = Array.isArray(place.address) ? place.address[0] : place.address;
    if (typeof address === 'string' && address.trim()) return clean(address);
    if (isObject(address)) {
      const parts = [firstText(address.addressLocality), firstText(address.addressRegion)]
        .map((part) => clean(part))
        .filter((part): part is string => Boolean(part));
      const unique = parts.filter((part, index) => parts.indexOf(part) === index);
      if (unique.length > 0) return unique.join(', ');
      const country = clean(firstText(address.addressCountry));
      if (country) return country;
    }
    const name = clean(firstText(place.name));
    if (name) return name;
  }
  return undefined;
}

function levelFromMonths(value: unknown): ExperienceLevel | undefined {
  const months = isObject(value) ? Number(value.monthsOfExperience) : Number.NaN;
  if (!Number.isFinite(months) || months < 0) return undefined;
  if (months <= 24) return 'entry';
  if (months >= 72) return 'senior';
  return 'mid';
}

// --------------------------------------------------------------------------------- meta and title

function readMeta($: CheerioAPI) {
  const meta = (...names: string[]) => {
    for (const name of names) {
      const content = $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content');
      const value = clean(content);
      if (value) return value;
    }
    return undefined;
  };
  return {
    title:
      meta('og:title', 'twitter:title') ??
      clean($('title').first().text()) ??
      clean($('h1').first().text()),
    company: meta('og:site_name', 'application-name'),
    description: htmlToText(meta('og:description', 'description', 'twitter:description')),
  };
}

const SITE_SUFFIX =
  /\s*[|–—-]\s*(linkedin|usajobs|greenhouse|lever|workday|indeed|careers?|jobs?)\s*$/i;

/** Drops a job board's name and the company's from a page title ('Job Application for X at Y'). */
function cleanTitle(title: string | undefined, company: string | undefined): string | undefined {
  if (!title) return undefined;
  let result = title.replace(/^job application for\s+/i, '').replace(SITE_SUFFIX, '');
  if (company) {
    const escaped = company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    result = result
      .replace(new RegExp(`\\s+at\\s+${escaped}\\s*$`, 'i'), '')
      .replace(new RegExp(`\\s*[|–—-]\\s*${escaped}\\s*$`, 'i'), '')
      .replace(new RegExp(`^${escaped}\\s*[|–—-]\\s*`, 'i'), '');
  }
  return clean(result);
}

// -------------------------------------------------------------------------------------- text utils

export function clean(value: string | undefined | null): string | undefined {
  const result = value?.replace(/\s+/g, ' ').trim();
  return result || undefined;
}

const BLOCK_ELEMENTS =
  'p, div, li, ul, ol, br, h1, h2, h3, h4, h5, h6, tr, td, th, section, article, blockquote';

/** Plain text of an HTML fragment (also one whose tags arrive entity-escaped), whitespace collapsed. */
export function htmlToText(html: string | undefined): string | undefined {
  if (!html) return undefined;
  let text = html;
  // JSON-LD descriptions are often escaped HTML: '&lt;p&gt;…' reads as '<p>…' after one decoding.
  for (let pass = 0; pass < 2 && /<[a-z!/][^>]*>|&[a-z#0-9]+;/i.test(text); pass++) {
    const $ = load(text, null, false);
    $('script, style, noscript').remove();
    $(BLOCK_ELEMENTS).each((_, element) => {
      $(element).append(' ').prepend(' ');
    });
    text = $.root().text();
  }
  return clean(text);
}

// --------------------------------------------------------------------------------------- inference

const count = (text: string, pattern: RegExp) =>
  text.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;

const FEDERAL = [
  /\bfederal\b/i,
  /\bagenc(?:y|ies)\b/i,
  /\bdepartment of\b/i,
  /\bDoD\b/,
  /\bU\.?S\.? (?:army|navy|air force|government)\b/i,
];
const STATE_LOCAL = [
  /\bstate\b(?![- ]of[- ]the[- ]art)/i,
  /\bcounty\b/i,
  /\bcity of\b/i,
  /\bmunicipal(?:ity|ities)?\b/i,
  /\bSLED\b/,
];
const EDUCATION = [
  /\bschool district\b/i,
  /\buniversit(?:y|ies)\b/i,
  /\bK-12\b/i,
  /\bcommunity college\b/i,
  /\bhigher education\b/i,
];

function score(patterns: RegExp[], headline: string, text: string) {
  return patterns.reduce(
    (sum, pattern) => sum + 3 * count(headline, pattern) + count(text, pattern),
    0,
  );
}

/**
 * The market the posting names. Words in the title or employer weigh three times those in the
 * text; a posting that names both federal and state/local work strongly is BOTH.
 */
export function inferSector(headline: string, text: string): Sector | undefined {
  const federal = score(FEDERAL, headline, text);
  const stateLocal = score(STATE_LOCAL, headline, text);
  const education = score(EDUCATION, headline, text);
  if (federal >= 2 && stateLocal >= 2) return 'BOTH';
  const best = Math.max(federal, stateLocal, education);
  if (best === 0) return undefined;
  if (federal === best) return 'FEDERAL';
  if (stateLocal === best) return 'STATE_LOCAL';
  return 'EDUCATION';
}

const FUNCTION_WORDS: Array<[JobFunction, RegExp]> = [
  [
    'sales',
    /\b(?:sales|account executive|account manager|business development|capture manager|BDR|SDR)\b/gi,
  ],
  [
    'marketing',
    /\b(?:marketing|communications|demand gen(?:eration)?|brand|content strategist)\b/gi,
  ],
  [
    'technical',
    /\b(?:engineer(?:ing)?|developer|architect|analyst|technical|devops|scientist)\b/gi,
  ],
];

/**
 * The job's function: in the title the last function word wins ('Sales Engineer' is technical,
 * 'Technical Account Executive' is sales); else the function the description names most.
 */
export function inferJobFunction(title: string, description: string): JobFunction | undefined {
  let last: { fn: JobFunction; at: number } | undefined;
  for (const [fn, pattern] of FUNCTION_WORDS) {
    for (const match of title.matchAll(pattern)) {
      if (!last || match.index > last.at) last = { fn, at: match.index };
    }
  }
  if (last) return last.fn;
  let best: { fn: JobFunction; n: number } | undefined;
  for (const [fn, pattern] of FUNCTION_WORDS) {
    const n = count(description, pattern);
    if (n > 0 && (!best || n > best.n)) best = { fn, n };
  }
  return best?.fn;
}

/** Seniority from the title, else from the years of experience asked; undefined when not sure. */
export function inferExperienceLevel(
  title: string,
  description: string,
): ExperienceLevel | undefined {
  if (
    /\b(?:senior|sr\.?|principal|lead|director|head of|vice president|vp|chief|staff)\b/i.test(
      title,
    )
  )
    return 'senior';
  if (/\b(?:junior|jr\.?|entry|associate|intern|graduate|trainee)\b/i.test(title)) return 'entry';
  if (/\b(?:mid|mid-level|intermediate)\b/i.test(title)) return 'mid';
  if (/\bentry[- ]level\b/i.test(description)) return 'entry';
  if (/\bmid[- ]level\b/i.test(description)) return 'mid';
  const years = [...description.matchAll(/\b(\d{1,2})\s*\+?\s*(?:-\s*\d{1,2}\s*)?years?\b/gi)]
    .map((match) => Number(match[1]))
    .filter((n) => n > 0 && n < 40);
  if (years.length === 0) return undefined;
  const least = Math.min(...years);
  if (least <= 1) return 'entry';
  if (least >= 5) return 'senior';
  return 'mid';
}

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };
const N = '(\\d|one|two|three|four|five)';
/** ' a week', ' per week', '/week', ' each week' (optional). */
const PER_WEEK = '(?:\\s*(?:/|\\s(?:per|a|each)\\s)\\s*week)?';
const asDays = (word: string | undefined) =>
  word ? (NUMBER_WORDS[word.toLowerCase()] ?? Number(word)) : Number.NaN;
const inRange = (days: number) =>
  Number.isInteger(days) && days >= 1 && days <= 5 ? days : undefined;

/** Remote days a week the text states: fully remote is 5; hybrid counts the remote days (or 5 minus office days). */
export function inferRemoteDays(text: string): number | undefined {
  if (
    /\b(?:fully|100%|completely|entirely|100 percent)\s+remote\b|\bremote[- ]first\b|\bwork from anywhere\b/i.test(
      text,
    )
  ) {
    return 5;
  }
  const remote =
    new RegExp(
      `\\b${N}\\s+days?${PER_WEEK}\\s+(?:remote(?:ly)?|from home|working remotely|telework)`,
      'i',
    ).exec(text) ?? new RegExp(`\\b(?:remote|telework)\\s+${N}\\s+days?`, 'i').exec(text);
  if (remote) return inRange(asDays(remote[1]));
  const office =
    new RegExp(
      `\\b${N}\\s+days?${PER_WEEK}\\s+(?:(?:in|at)\\s+(?:the\\s+|our\\s+)?(?:office|on-?site)|on-?site|in[- ]office)`,
      'i',
    ).exec(text) ?? new RegExp(`\\b(?:on-?site|in[- ]office)\\s+${N}\\s+days?`, 'i').exec(text);
  if (office) return inRange(5 - asDays(office[1]));
  if (/\bhybrid\b/i.test(text)) {
    const days = new RegExp(`\\b${N}\\s+days?\\b`, 'i').exec(text);
    if (days) return inRange(asDays(days[1]));
  }
  return undefined;
}
