import type { ExperienceLevel } from '@b2g/contracts';
import type { CheerioAPI } from 'cheerio';
import { clean, htmlToText } from './html-text.js';
import type { StatedJob } from './job-fields.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The page's schema.org JobPosting: a single object, in an array or in `@graph`, as Greenhouse,
 * Lever, Workday, USAJOBS and LinkedIn publish it.
 */
export function findJobPosting($: CheerioAPI): Json | undefined {
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

/** What a JobPosting states of the form's fields (its terms are read in posting-terms.ts). */
export function readPosting(posting: Json): StatedJob {
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
