import type { Job, JobHighlights } from '@b2g/contracts';
import { PREFIX_MIN_LENGTH } from '../../domain/search.js';
import type { Query, SearchBody } from './client.js';

/**
 * Highlight markers: private-use characters (control characters would be trimmed away by
 * OpenSearch at the start of a field), turned into ranges and never sent.
 */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const HIGHLIGHTED = ['title', 'description'] as const;

/**
 * Whole-field highlights of title and description, from the offsets the index keeps. The last
 * word's beginning is not asked for: a wildcard would make the highlighter analyse every hit's
 * text again, so `beginningRanges` finds it in the text instead. The `exact` subfields (words as
 * written) are asked for only when the search tolerates typos, whose retry is the rare path.
 */
export function highlightRequest(must: Query[], typos: boolean): SearchBody['highlight'] {
  const whole = { number_of_fragments: 0 };
  return {
    type: 'unified',
    pre_tags: [MARK_START],
    post_tags: [MARK_END],
    require_field_match: false,
    highlight_query: { bool: { should: must } },
    fields: Object.fromEntries(
      HIGHLIGHTED.flatMap((field) => [
        [field, whole],
        ...(typos ? [[`${field}.exact`, whole]] : []),
      ]),
    ),
  } as SearchBody['highlight'];
}

const ASCII = /^[\p{ASCII}]*$/u;

/** A word as the `exact` analyser keeps it: lower case, accents folded. */
const folded = (word: string) =>
  ASCII.test(word)
    ? word.toLowerCase()
    : word
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
/** Words as the standard tokenizer cuts them (letters, digits, joined by `_` or an apostrophe). */
const TOKEN = /[\p{L}\p{N}_]+(?:['’][\p{L}\p{N}_]+)*/gu;

/**
 * The last unit's last word, when long enough to match as a beginning (see textQuery), folded as
 * the index folds the words it compares it with.
 */
export function beginningOf(units: string[]): string | undefined {
  const lastWord = units.at(-1)?.split(' ').at(-1) ?? '';
  return lastWord.length >= PREFIX_MIN_LENGTH ? folded(lastWord) : undefined;
}

/** [start, end) of each word of `text` that begins with `beginning` (folded). */
function beginningRanges(text: string, beginning: string): Array<[number, number]> {
  if (ASCII.test(text)) return asciiBeginningRanges(text, beginning);
  const ranges: Array<[number, number]> = [];
  for (const match of text.matchAll(TOKEN)) {
    if (folded(match[0]).startsWith(beginning))
      ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

const ASCII_WORD = /[a-z0-9_]/;
const APOSTROPHE = "'";

/**
 * The same ranges in text that needs no folding (most of it), found where the beginning occurs
 * rather than by cutting every word: two strings a field instead of a few for each word.
 */
function asciiBeginningRanges(text: string, beginning: string): Array<[number, number]> {
  const lower = text.toLowerCase();
  const inWord = (at: number) =>
    ASCII_WORD.test(lower[at] ?? '') ||
    (lower[at] === APOSTROPHE &&
      ASCII_WORD.test(lower[at - 1] ?? '') &&
      ASCII_WORD.test(lower[at + 1] ?? ''));
  const ranges: Array<[number, number]> = [];
  for (let at = lower.indexOf(beginning); at >= 0; at = lower.indexOf(beginning, at + 1)) {
    if (at > 0 && inWord(at - 1)) continue;
    let end = at + beginning.length;
    while (end < lower.length && inWord(end)) end++;
    ranges.push([at, end]);
  }
  return ranges;
}

/**
 * Marked-up highlights as [start, end) ranges of the job's own text, with the words beginning
 * with `beginning`, merged across subfields. A
 * marked text that is not the job's text once unmarked (it held a marker character itself) gives
 * no ranges rather than wrong ones.
 */
export function rangesOf(
  job: Job,
  highlight: Record<string, string[]>,
  beginning: string | undefined,
): JobHighlights | undefined {
  const result: JobHighlights = {};
  for (const field of HIGHLIGHTED) {
    const ranges: Array<[number, number]> = [];
    for (const marked of [highlight[field]?.[0], highlight[`${field}.exact`]?.[0]]) {
      if (marked) ranges.push(...markedRanges(marked, job[field]));
    }
    if (beginning) ranges.push(...beginningRanges(job[field], beginning));
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
