import type { Job, JobHighlights } from '@b2g/contracts';
import { PREFIX_MIN_LENGTH } from '../../domain/search.js';
import type { Query, SearchBody } from './client.js';
import { escapeWildcard } from './queries.js';

/**
 * Highlight markers: private-use characters (control characters would be trimmed away by
 * OpenSearch at the start of a field), turned into ranges and never sent.
 */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const HIGHLIGHTED = ['title', 'description'] as const;

/**
 * Whole-field highlights of title and description. The prefix clause is matched through the
 * indexed prefixes, which the highlighter cannot see: it is given the last word as a wildcard.
 */
export function highlightRequest(units: string[], must: Query[]): SearchBody['highlight'] {
  const whole = { number_of_fragments: 0 };
  const lastWord = units.at(-1)?.split(' ').at(-1) ?? '';
  const beginnings: Query[] =
    lastWord.length >= PREFIX_MIN_LENGTH
      ? HIGHLIGHTED.map((field) => ({
          wildcard: { [`${field}.exact`]: { value: `${escapeWildcard(lastWord)}*` } },
        }))
      : [];
  return {
    type: 'unified',
    pre_tags: [MARK_START],
    post_tags: [MARK_END],
    require_field_match: false,
    highlight_query: { bool: { should: [...must, ...beginnings] } },
    fields: Object.fromEntries(
      HIGHLIGHTED.flatMap((field) => [
        [field, whole],
        [`${field}.exact`, whole],
      ]),
    ),
  } as SearchBody['highlight'];
}

/**
 * Marked-up highlights as [start, end) ranges of the job's own text, merged across subfields. A
 * marked text that is not the job's text once unmarked (it held a marker character itself) gives
 * no ranges rather than wrong ones.
 */
export function rangesOf(job: Job, highlight: Record<string, string[]>): JobHighlights | undefined {
  const result: JobHighlights = {};
  for (const field of HIGHLIGHTED) {
    const ranges: Array<[number, number]> = [];
    for (const marked of [highlight[field]?.[0], highlight[`${field}.exact`]?.[0]]) {
      if (marked) ranges.push(...markedRanges(marked, job[field]));
    }
    if (ranges.length > 0) result[field] = mergeRanges(ranges);
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

function markedRanges(marked: string, text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let plain = '';
  let start = -1;
  for (const char of marked) {
    if (char === MARK_START) start = plain.length;
    else if (char === MARK_END) {
      if (start >= 0) ranges.push([start, plain.length]);
      start = -1;
    } else plain += char;
  }
  // OpenSearch trims the whole-field fragment: place it back where it is in the text.
  const base = text.indexOf(plain);
  if (base < 0 || text.trim() !== plain.trim()) return [];
  return ranges.map(([from, to]) => [from + base, to + base]);
}

function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
