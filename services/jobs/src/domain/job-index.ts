import {
  FEATURED_FUNCTIONS,
  type AdminJob,
  type FeaturedJobsResponse,
  type Job,
  type JobFunction,
  type Sector,
} from '@b2g/contracts';
import MiniSearch, { type SearchOptions } from 'minisearch';
import { toPublicJob, type JobRecord } from './job.js';

/** What the search reads of a job; title and company weigh more than location and description. */
interface IndexedText {
  id: string;
  title: string;
  company: string;
  location: string;
  description: string;
}

const INDEXED_FIELDS = ['title', 'company', 'location', 'description'] as const;
const FIELD_BOOSTS = { title: 3, company: 3, location: 1.5, description: 1 };
/** Words this long or longer match as prefixes ('cyb' finds 'Cybersecurity'). */
const PREFIX_MIN_LENGTH = 2;
/** Words this long or longer tolerate one typo (insertion, deletion or substitution). */
const FUZZY_MIN_LENGTH = 5;
/** Words too common to tell postings apart; never indexed, ignored in queries ('it' and 'us' are kept). */
const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'has',
  'have',
  'in',
  'is',
  'of',
  'on',
  'or',
  'our',
  'that',
  'the',
  'their',
  'this',
  'to',
  'was',
  'we',
  'will',
  'with',
  'you',
  'your',
]);
const TOKEN_SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;
const DIACRITICS = /\p{M}/gu;

/** Lowercased, accent-free words of a text, stop words left out. */
export function searchTerms(text: string): string[] {
  return text
    .split(TOKEN_SEPARATOR)
    .map(processTerm)
    .filter((term): term is string => term !== null);
}

function processTerm(term: string): string | null {
  const normalized = term.normalize('NFD').replace(DIACRITICS, '').toLowerCase();
  return normalized && !STOP_WORDS.has(normalized) ? normalized : null;
}

/** One active or soft-deleted job as the read model holds it. */
interface Entry {
  job: Job;
  hash: string;
  revision: number;
  postedAtMs: number;
  locationLower: string;
  /** Title, company and location, lowercased: what the admin search reads. */
  adminText: string;
}

export interface JobFilters {
  search?: string | undefined;
  sector?: Sector | undefined;
  location?: string | undefined;
  jobFunction?: JobFunction | undefined;
  /** 'relevance' (default with a search) or 'date' (newest first; the only order without one). */
  sort?: 'relevance' | 'date' | undefined;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface JobIndexOptions {
  /** Ranked results of this many distinct searches are kept until the indexed text changes. */
  searchCacheSize?: number;
  /** Ids of purged jobs remembered so a late, stale read cannot bring one back. */
  purgedMemory?: number;
}

/** Sectors a job must have to match a sector filter: BOTH jobs are federal and state/local jobs too. */
const SECTOR_MATCHES: Record<Sector, ReadonlySet<Sector>> = {
  FEDERAL: new Set(['FEDERAL', 'BOTH']),
  STATE_LOCAL: new Set(['STATE_LOCAL', 'BOTH']),
  EDUCATION: new Set(['EDUCATION']),
  BOTH: new Set(['BOTH']),
};

/** Newest first; equal dates by id so the order is total and stable. */
function compareByDate(
  a: Pick<Entry, 'postedAtMs' | 'job'>,
  b: Pick<Entry, 'postedAtMs' | 'job'>,
): number {
  return b.postedAtMs - a.postedAtMs || (a.job.id < b.job.id ? -1 : a.job.id > b.job.id ? 1 : 0);
}

/**
 * The in-memory read model of one jobs instance: every active job (and the soft-deleted ones for
 * the admin list), a full-text index over them (MiniSearch), a newest-first list for unsearched
 * listings and featured jobs, and a cache of ranked search results. MongoDB stays the source of
 * truth: this is filled from it and kept current by `apply` / `remove`, which ignore anything
 * older than what they already hold (by the document's revision).
 */
export class JobIndex {
  private readonly active = new Map<string, Entry>();
  private readonly deleted = new Map<string, Entry>();
  private readonly activeHashes = new Map<string, string>();
  private readonly byDate: Entry[] = [];
  private readonly purged = new Set<string>();
  private readonly text: MiniSearch<IndexedText>;
  /** Ranked active entries by normalised search; cleared whenever membership, words or dates change. */
  private readonly searchCache = new Map<string, Entry[]>();
  /** Filtered results by search and filters; cleared by every change (filters read any field). */
  private readonly filterCache = new Map<string, Entry[]>();
  private readonly searchCacheSize: number;
  private readonly purgedMemory: number;
  /** While loading in bulk, the newest-first list is appended to and sorted once at the end. */
  private bulk = false;

  constructor(options: JobIndexOptions = {}) {
    this.searchCacheSize = options.searchCacheSize ?? 500;
    this.purgedMemory = options.purgedMemory ?? 10_000;
    this.text = new MiniSearch<IndexedText>({
      fields: [...INDEXED_FIELDS],
      tokenize: (text) => text.split(TOKEN_SEPARATOR),
      processTerm,
      searchOptions: { combineWith: 'AND', boost: FIELD_BOOSTS },
    });
  }

  /** An index of every job `records` yields (a start-up build). */
  static async build(
    records: AsyncIterable<JobRecord>,
    options: JobIndexOptions = {},
  ): Promise<JobIndex> {
    const index = new JobIndex(options);
    index.bulk = true;
    try {
      for await (const record of records) index.apply(record);
    } finally {
      index.bulk = false;
      index.byDate.sort(compareByDate);
    }
    return index;
  }

  /** Active jobs held. */
  get size(): number {
    return this.active.size;
  }

  get deletedCount(): number {
    return this.deleted.size;
  }

  /** Takes in a job's current state unless an equal or newer revision is already held. */
  apply(record: JobRecord): boolean {
    const id = record._id;
    if (this.purged.has(id)) return false;
    const current = this.active.get(id) ?? this.deleted.get(id);
    if (current && current.revision >= record.revision) return false;
    const job = toPublicJob(record);
    const entry: Entry = {
      job,
      hash: record.hash,
      revision: record.revision,
      postedAtMs: record.postedAt.getTime(),
      locationLower: job.location.toLowerCase(),
      adminText: `${job.title}\n${job.company}\n${job.location}`.toLowerCase(),
    };
    const wasActive = current !== undefined && this.active.has(id);
    const stays = wasActive && !record.deletedAt;
    const keepText = stays && current !== undefined && sameIndexedText(current, entry);
    if (keepText && current.postedAtMs === entry.postedAtMs) {
      // Same words, same place in every list: update the entry where it is, so cached rankings
      // (which hold entries) stay valid and show the change (a bookmark count, a sector…).
      if (current.hash !== entry.hash) {
        if (this.activeHashes.get(current.hash) === id) this.activeHashes.delete(current.hash);
        this.activeHashes.set(entry.hash, id);
      }
      Object.assign(current, entry);
      this.filterCache.clear();
      return true;
    }
    if (current) this.detach(current, wasActive, keepText);
    if (record.deletedAt) {
      this.deleted.set(id, entry);
      if (wasActive) this.clearCaches();
      return true;
    }
    this.active.set(id, entry);
    this.activeHashes.set(entry.hash, id);
    if (this.bulk) this.byDate.push(entry);
    else this.byDate.splice(this.positionOf(entry), 0, entry);
    if (!keepText) this.text.add(textOf(job));
    this.clearCaches();
    return true;
  }

  /** Forgets a job removed for good; a later stale copy of it is ignored. */
  remove(id: string): void {
    const current = this.active.get(id) ?? this.deleted.get(id);
    if (current) {
      const wasActive = this.active.has(id);
      this.detach(current, wasActive, false);
      if (wasActive) this.clearCaches();
    }
    this.purged.add(id);
    if (this.purged.size > this.purgedMemory) {
      const oldest = this.purged.values().next().value;
      if (oldest !== undefined) this.purged.delete(oldest);
    }
  }

  /** An active job. */
  get(id: string): Job | undefined {
    return this.active.get(id)?.job;
  }

  /** The id of the active job with this duplicate-check hash. */
  activeIdForHash(hash: string): string | undefined {
    return this.activeHashes.get(hash);
  }

  /** Active jobs matching the filters: most relevant first with a search, else newest first. */
  find(filters: JobFilters, page: PageRequest): Page<Job> {
    const matches = this.filtered(filters);
    return {
      items: matches.slice(page.offset, page.offset + page.limit).map((entry) => entry.job),
      total: matches.length,
    };
  }

  /** Every active entry passing the filters, in result order; cached until anything changes. */
  private filtered(filters: JobFilters): Entry[] {
    const candidates = filters.search
      ? this.searched(filters.search, filters.sort ?? 'relevance')
      : this.byDate;
    const sectors = filters.sector ? SECTOR_MATCHES[filters.sector] : undefined;
    const location = filters.location?.toLowerCase();
    const jobFunction = filters.jobFunction;
    if (!sectors && !location && !jobFunction) return candidates;
    const key = JSON.stringify([
      filters.search,
      filters.sort,
      filters.sector,
      location,
      jobFunction,
    ]);
    const cached = remember(this.filterCache, key, this.searchCacheSize);
    if (cached.value) return cached.value;
    const matches = candidates.filter(
      (entry) =>
        (!jobFunction || entry.job.jobFunction === jobFunction) &&
        (!sectors || sectors.has(entry.job.sector)) &&
        (!location || entry.locationLower.includes(location)),
    );
    return cached.set(matches);
  }

  /** The newest active job of each featured function. */
  featured(): FeaturedJobsResponse {
    const result: FeaturedJobsResponse = {};
    const wanted = new Set<JobFunction>(FEATURED_FUNCTIONS);
    for (const entry of this.byDate) {
      const fn = entry.job.jobFunction;
      if (fn && wanted.has(fn)) {
        result[fn] = entry.job;
        wanted.delete(fn);
        if (wanted.size === 0) break;
      }
    }
    return result;
  }

  /** Every active job (and soft-deleted ones if asked), newest first, optionally matching title, company or location. */
  adminList(options: { includeDeleted: boolean; search?: string | undefined }): AdminJob[] {
    let entries: Entry[] = this.byDate;
    if (options.includeDeleted)
      entries = [...this.byDate, ...this.deleted.values()].sort(compareByDate);
    const needle = options.search?.toLowerCase();
    if (needle) entries = entries.filter((entry) => entry.adminText.includes(needle));
    return entries.map((entry) => ({ ...entry.job, hash: entry.hash }));
  }

  /** Active jobs matching every word, ranked; a search of stop words only is no search. */
  private searched(search: string, sort: 'relevance' | 'date'): Entry[] {
    const terms = searchTerms(search);
    if (terms.length === 0) return this.byDate;
    const cached = remember(
      this.searchCache,
      `${sort}\u0000${terms.join(' ')}`,
      this.searchCacheSize,
    );
    return cached.value ?? cached.set(this.rank(terms, sort));
  }

  /**
   * Every word must match (in any field), as a word or a word prefix. Only when that finds nothing
   * is the search repeated allowing one typo in words of five letters or more: exact matches are
   * never drowned by near-misses, and the common case skips the costlier fuzzy expansion.
   */
  private rank(terms: string[], sort: 'relevance' | 'date'): Entry[] {
    const base: SearchOptions = { prefix: (term) => term.length >= PREFIX_MIN_LENGTH };
    const query = terms.join(' ');
    let hits = this.text.search(query, base);
    if (hits.length === 0 && terms.some((term) => term.length >= FUZZY_MIN_LENGTH)) {
      hits = this.text.search(query, {
        ...base,
        fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? 1 : false),
      });
    }
    if (sort === 'date') {
      const matched = new Set(hits.map((hit) => String(hit.id)));
      return this.byDate.filter((entry) => matched.has(entry.job.id));
    }
    // MiniSearch returns hits by score; only runs of equal scores need the newest-first tie-break.
    const ranked: Entry[] = [];
    for (let start = 0; start < hits.length;) {
      let end = start + 1;
      while (end < hits.length && hits[end]?.score === hits[start]?.score) end++;
      const run: Entry[] = [];
      for (let i = start; i < end; i++) {
        const entry = this.active.get(String(hits[i]?.id));
        if (entry) run.push(entry);
      }
      if (run.length > 1) run.sort(compareByDate);
      for (const entry of run) ranked.push(entry);
      start = end;
    }
    return ranked;
  }

  private clearCaches() {
    this.searchCache.clear();
    this.filterCache.clear();
  }

  /** Takes an entry out of every structure (its text too, unless `keepText`). */
  private detach(entry: Entry, wasActive: boolean, keepText: boolean) {
    const id = entry.job.id;
    if (!wasActive) {
      this.deleted.delete(id);
      return;
    }
    this.active.delete(id);
    if (!keepText) this.text.discard(id);
    if (this.activeHashes.get(entry.hash) === id) this.activeHashes.delete(entry.hash);
    const at = this.positionOf(entry);
    if (this.byDate[at] === entry) this.byDate.splice(at, 1);
    else {
      const index = this.byDate.indexOf(entry);
      if (index >= 0) this.byDate.splice(index, 1);
    }
  }

  /** Where `entry` is, or belongs, in the newest-first list (binary search). */
  private positionOf(entry: Entry): number {
    let low = 0;
    let high = this.byDate.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.byDate[middle] as Entry;
      if (compareByDate(other, entry) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** A least-recently-used cache slot: the value if cached (now the most recent), and a setter. */
function remember<T>(cache: Map<string, T>, key: string, capacity: number) {
  const value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
    cache.set(key, value);
  }
  return {
    value,
    set(fresh: T): T {
      cache.set(key, fresh);
      if (cache.size > capacity) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return fresh;
    },
  };
}

function textOf(job: Job): IndexedText {
  return {
    id: job.id,
    title: job.title,
    company: job.company,
    location: job.location,
    description: job.description,
  };
}

function sameIndexedText(a: Entry, b: Entry): boolean {
  return INDEXED_FIELDS.every((field) => a.job[field] === b.job[field]);
}
