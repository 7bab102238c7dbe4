/**
 * Picks the in-memory full-text library: builds MiniSearch, FlexSearch and Orama indexes over the
 * same synthetic jobs, each in its own process (clean heap figures), and prints build time, heap
 * growth, query latency and whether each library does what the search needs (every word must
 * match across fields, word prefixes, one typo in longer words).
 *
 *   pnpm --filter @b2g/jobs bench:libraries      (JOBS=20000 by default: FlexSearch and Orama take
 *                                                 minutes to build 100,000 on two shared cores)
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { Document } from 'flexsearch';
import MiniSearch from 'minisearch';
import { createGenerator, type GeneratedJob } from './generate.js';

const LIBRARIES = ['minisearch', 'flexsearch', 'orama'] as const;
type Library = (typeof LIBRARIES)[number];

const QUERIES = {
  twoWords: 'account executive',
  prefix: 'cyb',
  typo: 'cybersecurty',
  crossField: 'capture arlington',
  threeWords: 'cloud engineer federal',
};

interface Engine {
  add(jobs: GeneratedJob[]): Promise<void> | void;
  search(query: string): Promise<string[]> | string[];
}

type IndexedFields = Pick<GeneratedJob, '_id' | 'title' | 'company' | 'location' | 'description'>;
const fieldsOf = (job: GeneratedJob): IndexedFields => ({
  _id: job._id,
  title: job.title,
  company: job.company,
  location: job.location,
  description: job.description,
});

function miniSearchEngine(): Engine {
  const index = new MiniSearch<IndexedFields>({
    idField: '_id',
    fields: ['title', 'company', 'location', 'description'],
    searchOptions: {
      combineWith: 'AND',
      prefix: (term) => term.length >= 2,
      fuzzy: (term) => (term.length >= 5 ? 1 : false),
      boost: { title: 3, company: 3, location: 1.5 },
    },
  });
  return {
    add: (jobs) => index.addAll(jobs.map(fieldsOf)),
    search: (query) => index.search(query).map((hit) => String(hit.id)),
  };
}

function flexSearchEngine(): Engine {
  // FlexSearch has no edit-distance typo tolerance: LatinBalance folds some spelling variants,
  // "forward" tokenizing gives prefixes; a field-spanning AND needs a combined field.
  const index = new Document<IndexedFields & { all: string }>({
    document: {
      id: '_id',
      index: [
        { field: 'title', tokenize: 'forward', encoder: 'LatinBalance' },
        { field: 'company', tokenize: 'forward', encoder: 'LatinBalance' },
        { field: 'all', tokenize: 'forward', encoder: 'LatinBalance' },
      ],
    },
  });
  return {
    add: (jobs) => {
      for (const job of jobs) {
        const fields = fieldsOf(job);
        index.add({
          ...fields,
          all: `${fields.title} ${fields.company} ${fields.location} ${fields.description}`,
        });
      }
    },
    search: (query) => {
      const results = index.search(query, { index: ['all'], limit: 100_000 });
      return (results[0]?.result ?? []).map(String);
    },
  };
}

function oramaEngine(): Engine {
  const db = create({
    schema: {
      _id: 'string',
      title: 'string',
      company: 'string',
      location: 'string',
      description: 'string',
    } as const,
  });
  return {
    add: async (jobs) => {
      await insertMultiple(
        db,
        jobs.map((job) => ({ ...fieldsOf(job), id: job._id })),
        2_000,
      );
    },
    search: async (query) => {
      const result = await oramaSearch(db, {
        term: query,
        properties: ['title', 'company', 'location', 'description'],
        boost: { title: 3, company: 3, location: 1.5 },
        tolerance: 1,
        threshold: 0,
        limit: 100_000,
      });
      return result.hits.map((hit) => hit.id);
    },
  };
}

const ENGINES: Record<Library, () => Engine> = {
  minisearch: miniSearchEngine,
  flexsearch: flexSearchEngine,
  orama: oramaEngine,
};

function heapMb() {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1_048_576;
}

async function measure(library: Library, count: number) {
  const generate = createGenerator();
  const jobs = Array.from({ length: count }, generate);
  const before = heapMb();
  const engine = ENGINES[library]();
  const started = performance.now();
  await engine.add(jobs);
  const buildMs = performance.now() - started;
  const heapGrowthMb = heapMb() - before;

  const queries: Record<string, { hits: number; p50Ms: number; p99Ms: number }> = {};
  for (const [name, query] of Object.entries(QUERIES)) {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < 60; i++) {
      const t = performance.now();
      hits = (await engine.search(query)).length;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    queries[name] = {
      hits,
      p50Ms: round(times[Math.floor(times.length * 0.5)] ?? 0),
      p99Ms: round(times[Math.floor(times.length * 0.99)] ?? 0),
    };
  }
  return {
    library,
    jobs: count,
    buildMs: Math.round(buildMs),
    heapGrowthMb: Math.round(heapGrowthMb),
    queries,
  };
}

const round = (value: number) => Math.round(value * 100) / 100;

const [, , only] = process.argv;
const count = Number(process.env.JOBS ?? 20_000);
if (only && (LIBRARIES as readonly string[]).includes(only)) {
  console.log(JSON.stringify(await measure(only as Library, count)));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const library of LIBRARIES) {
    const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, library], {
      env: process.env,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Awaited<
      ReturnType<typeof measure>
    >;
    console.log(
      `\n${result.library}: ${result.jobs} jobs, build ${result.buildMs} ms, heap +${result.heapGrowthMb} MB`,
    );
    for (const [name, q] of Object.entries(result.queries)) {
      console.log(
        `  ${name.padEnd(11)} "${QUERIES[name as keyof typeof QUERIES]}": ${q.hits} hits, p50 ${q.p50Ms} ms, p99 ${q.p99Ms} ms`,
      );
    }
  }
}
