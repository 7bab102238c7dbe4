import { load } from 'cheerio';

const BLOCKS = 'p, div, li, br, h1, h2, h3, h4, h5, h6, tr, section, article, blockquote';
const LOOKS_LIKE_HTML = /<[a-z!/][^>]*>|&(?:[a-z]+|#\d+|#x[\da-f]+);/i;

/**
 * Plain text of a description that may be HTML (or entity-escaped HTML, as Greenhouse sends it):
 * block elements end a line, so sentences and list items stay apart for the rules.
 */
export function plainText(value: string): string {
  let text = value;
  for (let pass = 0; pass < 2 && LOOKS_LIKE_HTML.test(text); pass++) {
    const $ = load(text, null, false);
    $('script, style, noscript').remove();
    $(BLOCKS).each((_, element) => {
      $(element).append('\n');
    });
    text = $.root().text();
  }
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/** Sentences and lines of a text: a statement the rules read as one ("Secret clearance preferred."). */
export const sentences = (text: string): string[] =>
  text
    .split(/\n|(?<=[.!?;])\s+(?=[A-Z(•\-*])/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A whole-word, case-insensitive pattern for a term ("FedRAMP", "TS/SCI", "8(a)"). */
export function termPattern(term: string, caseSensitive = false): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[\\s-]+');
  return new RegExp(`(?<![\\w/])${escaped}(?![\\w/])`, caseSensitive ? 'g' : 'gi');
}

/** How many times a global pattern matches. */
export const countMatches = (text: string, pattern: RegExp): number =>
  text.match(pattern)?.length ?? 0;

/** A probability-like value kept inside [0, 1], rounded to two places for reading. */
export const clamp01 = (value: number): number =>
  Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
