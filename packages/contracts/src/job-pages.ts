import { z } from 'zod';
import { jobSchema } from './entities.js';

/** What a deleted, expired or closed job's page says (the 410 page and the SPA). */
export const JOB_GONE_MESSAGE = 'This job is no longer available';

/** Similar jobs a job's page shows. */
export const SIMILAR_JOBS_LIMIT = 4;

/** Items of an RSS or JSON feed of a search: the newest this many. */
export const JOB_FEED_LIMIT = 50;

/**
 * The sitemap's files: one per first hex digit of the job ids (uuids), so each is read by itself
 * without counting or skipping; 16 files stay under the protocol's 50,000 URLs each up to about
 * 800,000 jobs.
 */
export const SITEMAP_FILE_KEYS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
] as const;
export type SitemapFileKey = (typeof SITEMAP_FILE_KEYS)[number];

/** Text for HTML (an element or a quoted attribute): every markup character a character reference. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const PLAIN_HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9a-f:.]{2,45}\](:\d{1,5})?$/i;

/** A Host header fit to become a link's origin: a plain name or address and port, nothing else. */
export const isPlainHost = (host: string) => PLAIN_HOST.test(host);

/** A similar job, as its page links to it. */
export const similarJobSchema = jobSchema.pick({
  id: true,
  title: true,
  company: true,
  location: true,
  postedAt: true,
});
export type SimilarJob = z.infer<typeof similarJobSchema>;

/** What a job's page shows in its HTML head before any JavaScript runs. */
export const jobPageHeadSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** The page's absolute URL (its canonical link). */
  canonicalUrl: z.string(),
  /** A schema.org JobPosting. */
  jsonLd: z.record(z.string(), z.unknown()),
});
export type JobPageHead = z.infer<typeof jobPageHeadSchema>;

/**
 * GET /api/jobs/:id/page: an active job with its head and similar jobs, or, for a deleted,
 * expired or closed one, only that it is gone and similar jobs (never the gone job's fields).
 */
export const jobPageResponseSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('active'),
    job: jobSchema,
    head: jobPageHeadSchema,
    similar: z.array(similarJobSchema),
  }),
  z.object({ status: z.literal('gone'), similar: z.array(similarJobSchema) }),
]);
export type JobPageResponse = z.infer<typeof jobPageResponseSchema>;

/** GET /sitemaps/jobs-:file.xml: which of SITEMAP_FILE_KEYS. */
export const sitemapFileParamSchema = z.object({ file: z.enum(SITEMAP_FILE_KEYS) });

/** A block of a job description written as plain text. */
export type DescriptionBlock =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'numbered'; items: string[] };

const BULLET = /^\s*[-*•·]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/**
 * A plain-text description as paragraphs (separated by blank lines, their lines kept) and lists
 * (lines starting with '-', '*' or '•', or with '1.' / '1)'). Text only: nothing is markup.
 */
export function descriptionBlocks(text: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = [];
  const push = (kind: DescriptionBlock['kind'], line: string) => {
    const last = blocks.at(-1);
    if (kind === 'paragraph') {
      if (last?.kind === 'paragraph') last.lines.push(line);
      else blocks.push({ kind, lines: [line] });
    } else if (last?.kind === kind) last.items.push(line);
    else blocks.push({ kind, items: [line] });
  };
  let broken = true;
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      broken = true;
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet?.[1]) push('bullets', bullet[1]);
    else if (numbered?.[1]) push('numbered', numbered[1]);
    else if (broken || blocks.at(-1)?.kind !== 'paragraph')
      blocks.push({ kind: 'paragraph', lines: [line] });
    else push('paragraph', line);
    broken = false;
  }
  return blocks;
}
