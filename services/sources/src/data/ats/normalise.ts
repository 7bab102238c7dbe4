import { z } from 'zod';
import { plainText } from '../../domain/classification/text.js';
import type { SourceSalary } from '../../domain/model.js';
import { BoardReadError, type BoardRead, type BoardValidators } from '../../domain/ports.js';
import { withContentHash, type PostingFailure, type ReadPosting } from '../../domain/postings.js';
import type { PoliteHttp } from './polite-http.js';
import type { AtsSettings } from './settings.js';

/** A board's postings and the ones that could not be read, gathered page by page. */
export class BoardPostings {
  readonly postings: ReadPosting[] = [];
  readonly failures: PostingFailure[] = [];
  private readonly seen = new Set<string>();

  /** @param idField the field of a raw posting that holds its ATS id. */
  constructor(private readonly idField: 'id' | 'shortcode' = 'id') {}

  /** Whether the ATS id was already read on this board (a page repeated while paging). */
  has(atsId: string | undefined): boolean {
    return atsId !== undefined && this.seen.has(atsId);
  }

  /**
   * Reads one raw posting with its schema and mapping; a posting that does not parse, or lacks
   * a title or description, becomes a failure with the reason. Undefined from `toPosting` skips
   * a posting the ATS marks as not listed. `knownId` keys it when its id was read elsewhere.
   */
  add<S extends z.ZodType>(
    raw: unknown,
    schema: S,
    toPosting: (item: z.output<S>) => Omit<ReadPosting, 'contentHash'> | undefined,
    knownId?: string,
  ): void {
    const atsId = knownId ?? rawId(raw, this.idField);
    if (this.has(atsId)) return;
    if (atsId !== undefined) this.seen.add(atsId);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      this.failures.push({ atsId, reason: reasonOf(parsed.error) });
      return;
    }
    const posting = toPosting(parsed.data);
    if (!posting) return;
    if (!posting.title.trim()) this.failures.push({ atsId, reason: 'The posting has no title.' });
    else if (!posting.description) {
      this.failures.push({ atsId, reason: 'The posting has no description.' });
    } else this.postings.push(withContentHash(posting));
  }

  fail(atsId: string, reason: string): void {
    this.seen.add(atsId);
    this.failures.push({ atsId, reason });
  }
}

/** The ATS's id of a raw posting, when it has a readable one (for a failure's key). */
export function rawId(raw: unknown, idField: 'id' | 'shortcode' = 'id'): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id = (raw as Record<string, unknown>)[idField];
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : undefined;
}

/** The first problems zod found, as a sentence naming the fields. */
export function reasonOf(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'answer'}: ${issue.message}`)
    .join('; ');
}

/** The whole answer in its shape, or a `malformed` error saying what is wrong. */
export function envelope<S extends z.ZodType>(body: unknown, schema: S, ats: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data as z.output<S>;
  throw new BoardReadError(
    'malformed',
    `The ${ats} board answer is malformed: ${reasonOf(parsed.error)}`,
  );
}

/** Whitespace collapsed; undefined when nothing is left. */
export function clean(value: string | null | undefined): string | undefined {
  const result = value?.replace(/\s+/g, ' ').trim();
  return result || undefined;
}

/** Plain text of HTML (or escaped HTML) parts, each part its own paragraph. */
export function plain(...parts: Array<string | null | undefined>): string {
  return parts
    .map((part) => (part ? plainText(part) : ''))
    .filter(Boolean)
    .join('\n');
}

/** An http(s) URL, else undefined: a posting never links a candidate to any other scheme. */
export function webUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** ISO 8601 of a date the ATS writes (a string, or milliseconds since the epoch). */
export function isoTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

/** The joined, cleaned parts of a place ("Arlington, VA"); undefined when none. */
export const place = (...parts: Array<string | null | undefined>): string | undefined =>
  clean(
    parts
      .map((part) => clean(part))
      .filter(Boolean)
      .join(', '),
  );

/** A path segment of the board's name, encoded. */
export const segment = (name: string): string => encodeURIComponent(name);

/** Capped strings of the fields the readers add to the contracts' posting schemas. */
export const shortText = z.string().max(1_000);
/** Postings one answer may list. */
export const MAX_BOARD_POSTINGS = 5_000;
export const postingList = z.array(z.unknown()).max(MAX_BOARD_POSTINGS);

/** What a board reader is given: the polite client and the settings (bases, paging). */
export interface ReaderContext {
  http: PoliteHttp;
  settings: AtsSettings;
}

/** Reads one ATS's board by name; a conditional request when `previous` validators are given. */
export type BoardReader = (
  context: ReaderContext,
  name: string,
  previous?: BoardValidators,
) => Promise<BoardRead>;

/**
 * A board that comes whole in one answer (Greenhouse, Ashby, Workable), asked conditionally:
 * `unchanged` on a 304, else the postings `fill` reads from the answer, with its validators.
 */
export async function readOneAnswer(
  http: PoliteHttp,
  url: string,
  previous: BoardValidators | undefined,
  fill: (body: unknown) => BoardPostings,
): Promise<BoardRead> {
  const answer = await http.getJson(url, previous);
  return answer.unchanged ? { unchanged: true } : boardRead(fill(answer.body), answer);
}

/** A pay range as the ATS states it; undefined when it states no amount. */
export function salaryOf(
  min: number | null | undefined,
  max: number | null | undefined,
  currency: string | null | undefined,
  interval: string | null | undefined,
): SourceSalary | undefined {
  if (min == null && max == null) return undefined;
  return {
    min: min ?? undefined,
    max: max ?? undefined,
    currency: clean(currency),
    interval: clean(interval),
  };
}

/** The read board, with the answer's validators when the read was a single answer. */
export const boardRead = (board: BoardPostings, validators: BoardValidators = {}): BoardRead => ({
  postings: board.postings,
  failures: board.failures,
  ...(validators.etag ? { etag: validators.etag } : {}),
  ...(validators.lastModified ? { lastModified: validators.lastModified } : {}),
});
