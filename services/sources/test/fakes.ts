import { classify, type Classification } from '../src/domain/classification/index.js';
import {
  postingKey,
  type ImportedPostingEvent,
  type StoredPosting,
} from '../src/domain/imported.js';
import type { SourcePosting } from '../src/domain/model.js';
import type {
  AtsBoards,
  BoardRead,
  BoardValidators,
  ImportedPostingEvents,
  SourcePostings,
  Sources,
  SyncLeases,
} from '../src/domain/ports.js';
import {
  withContentHash,
  type Board,
  type PostingFailure,
  type ReadPosting,
} from '../src/domain/postings.js';
import { isDue, newSource, type Source, type SourceRun } from '../src/domain/sources.js';
import { syncSource, type SyncDeps } from '../src/domain/sync.js';

export const HOUR_MS = 60 * 60 * 1000;
export const INTERVAL_MS = 6 * HOUR_MS;

/** Texts the classifier decides as their name says. */
export const TEXTS = {
  live: {
    title: 'Account Executive, Federal Civilian',
    description:
      'Sell our FedRAMP authorized platform to the Department of Veterans Affairs and DHS through the GSA Schedule and SEWP. Active Secret clearance required.',
  },
  pending: {
    title: 'Account Executive',
    description: 'Grow our accounts with city governments across the Midwest.',
  },
  excluded: {
    title: 'Warehouse Associate',
    description: 'Pick and pack orders for our retail consumers.',
  },
} as const;

/** A read posting of `kind`'s text (a `version` other than 1 changes its content). */
export function readPosting(
  atsId: string,
  kind: keyof typeof TEXTS = 'live',
  version = 1,
): ReadPosting {
  const text = TEXTS[kind];
  return withContentHash({
    atsId,
    title: text.title,
    description: version === 1 ? text.description : `${text.description}\nRevision ${version}.`,
    url: `https://jobs.example.com/${atsId}`,
  });
}

export const BOARD: Board = { ats: 'lever', name: 'keystone' };

export const sourceAt = (now: Date, overrides: Partial<Source> = {}): Source => ({
  ...newSource(
    {
      id: 'src-1',
      board: BOARD,
      companyName: 'Keystone Federal',
      careersUrl: 'https://jobs.lever.co/keystone',
    },
    now,
  ),
  ...overrides,
});

export class MemorySources implements Sources {
  readonly byId = new Map<string, Source>();
  get = (id: string) => Promise.resolve(this.byId.get(id) ?? null);
  add = (source: Source) => {
    this.byId.set(source.id, source);
    return Promise.resolve();
  };
  list = () => Promise.resolve([...this.byId.values()]);
  due = (now: Date, limit: number) =>
    Promise.resolve(
      [...this.byId.values()]
        .filter((source) => isDue(source, now))
        .sort((a, b) => a.nextRunAt.getTime() - b.nextRunAt.getTime())
        .slice(0, limit),
    );
  recordRun = (id: string, run: SourceRun) => this.patch(id, run);
  control = (id: string, control: Pick<Source, 'status' | 'nextRunAt'>) => this.patch(id, control);
  remove = (id: string) => {
    this.byId.delete(id);
    return Promise.resolve();
  };
  private patch(id: string, fields: Partial<Source>) {
    const source = this.byId.get(id);
    if (source) this.byId.set(id, { ...source, ...fields });
    return Promise.resolve();
  }
}

export class MemoryPostings implements SourcePostings {
  readonly byKey = new Map<string, StoredPosting>();
  /** The records each `upsertMany` was given. */
  readonly writes: StoredPosting[][] = [];
  lists = 0;
  listBySource = (sourceId: string) => {
    this.lists += 1;
    return Promise.resolve([...this.byKey.values()].filter((p) => p.sourceId === sourceId));
  };
  upsertMany = (postings: readonly StoredPosting[]) => {
    this.writes.push([...postings]);
    for (const posting of postings)
      this.byKey.set(postingKey(posting.sourceId, posting.atsId), posting);
    return Promise.resolve();
  };
  removeBySource = (sourceId: string) => {
    for (const [key, posting] of this.byKey)
      if (posting.sourceId === sourceId) this.byKey.delete(key);
    return Promise.resolve();
  };
  of = (atsId: string, sourceId = 'src-1') => this.byKey.get(postingKey(sourceId, atsId));
}

export class RecordedEvents implements ImportedPostingEvents {
  readonly emitted: ImportedPostingEvent[] = [];
  emit = (events: readonly ImportedPostingEvent[]) => {
    this.emitted.push(...events);
    return Promise.resolve();
  };
  /** The events emitted since the last call. */
  take(): ImportedPostingEvent[] {
    return this.emitted.splice(0);
  }
}

export class MemoryLeases implements SyncLeases {
  readonly held = new Map<string, string>();
  take = (sourceId: string, owner: string) => {
    if (this.held.has(sourceId)) return Promise.resolve(false);
    this.held.set(sourceId, owner);
    return Promise.resolve(true);
  };
  release = (sourceId: string, owner: string) => {
    if (this.held.get(sourceId) === owner) this.held.delete(sourceId);
    return Promise.resolve();
  };
}

/** Answers each read with the next scripted answer (an Error is thrown); records what it was asked. */
export class ScriptedBoards implements AtsBoards {
  readonly asked: Array<{ board: Board; previous?: BoardValidators | undefined }> = [];
  constructor(private readonly answers: Array<BoardRead | Error> = []) {}
  answer(...answers: Array<BoardRead | Error>) {
    this.answers.push(...answers);
  }
  read = (board: Board, previous?: BoardValidators) => {
    this.asked.push({ board, previous });
    const next = this.answers.shift();
    if (!next) return Promise.reject(new Error('no scripted answer'));
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
}

/** A board read whole of these postings and failures. */
export const boardOf = (
  postings: ReadPosting[],
  failures: PostingFailure[] = [],
  validators: BoardValidators = {},
): BoardRead => ({ postings, failures, ...validators });

/** Everything the use case needs, in memory, with a clock the test moves and the real classifier. */
export function memoryWorld(start = new Date('2026-03-02T12:00:00Z')) {
  let at = start.getTime();
  const classified: SourcePosting[] = [];
  const deps = {
    boards: new ScriptedBoards(),
    sources: new MemorySources(),
    postings: new MemoryPostings(),
    events: new RecordedEvents(),
    leases: new MemoryLeases(),
    now: () => new Date(at),
    random: () => 0.5,
    intervalMs: INTERVAL_MS,
    classify: (posting: SourcePosting): Classification => {
      classified.push(posting);
      return classify(posting);
    },
    owner: 'instance-a',
    leaseMs: HOUR_MS,
  } satisfies SyncDeps & Record<string, unknown>;
  return {
    deps,
    classified,
    advance(ms: number) {
      at += ms;
    },
  };
}

/** A world with one source, its postings as the first sync of `first` left them. */
export async function syncedOnce(first = boardOf([readPosting('1'), readPosting('2', 'pending')])) {
  const world = memoryWorld();
  const { deps } = world;
  let source = sourceAt(deps.now());
  await deps.sources.add(source);
  deps.boards.answer(first);
  await syncSource(source, deps);
  deps.events.take();
  world.classified.length = 0;
  const current = async () => (await deps.sources.get(source.id)) as Source;
  source = await current();
  return { ...world, source, current };
}
