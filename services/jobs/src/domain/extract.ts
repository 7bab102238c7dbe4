import type { ExtractedJob } from '@b2g/contracts';
import { load, type CheerioAPI } from 'cheerio';
import { clean, htmlToText } from './html-text.js';
import { completeExtraction } from './job-fields.js';
import { findJobPosting, readPosting } from './json-ld.js';
import { readPostingTerms } from './posting-terms.js';

/**
 * Reads a job posting page: schema.org JobPosting JSON-LD first (json-ld.ts), then OpenGraph and
 * meta tags, <title> and <h1>. Pay, closing date and employment type come from the JSON-LD only
 * (posting-terms.ts). What the page does not state (sector, function, experience level,
 * remote days) is inferred from its words (job-fields.ts); nothing is guessed when they do not say.
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
