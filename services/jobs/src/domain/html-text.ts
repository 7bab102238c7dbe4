import { load } from 'cheerio';

/** The text with its whitespace collapsed; undefined when nothing is left. */
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
