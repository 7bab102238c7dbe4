/**
 * The sitemap at 100,000 jobs: bulk-loads BENCH_JOBS (default 100,000) sitemap documents (id,
 * posting date, a few past closing dates) into an index of its own, then times streaming all 16
 * sitemap files through OpenSearchSitemap, and removes the index. (The same read from FerretDB
 * scans every job: a count of the open jobs alone took 243 s at 100,000.)
 *
 *   pnpm --filter @b2g/jobs exec tsx --conditions=source bench/sitemap.ts
 */
import { randomUUID } from 'node:crypto';
import { SITEMAP_FILE_KEYS } from '@b2g/contracts';
import { ensureInfrastructure } from '@b2g/infra';
import { createLogger } from '@b2g/service-kit';
import { Client } from '@opensearch-project/opensearch';
import { OpenSearchSitemap } from '../src/data/job-pages-index.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const BULK = 10_000;
const infra = await ensureInfrastructure({ log: (line) => console.log(`[infra] ${line}`) });
const client = new Client({ node: infra.opensearchUrl });
const index = `sitemap-bench-${randomUUID().slice(0, 8)}`;
const logger = createLogger({ name: 'sitemap-bench', level: 'warn' });

try {
  await client.indices.create({
    index,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' },
      mappings: {
        properties: {
          id: { type: 'keyword' },
          postedAt: { type: 'date' },
          closingDate: { type: 'date', format: 'strict_date' },
        },
      },
    },
  });
  const started = performance.now();
  for (let done = 0; done < JOBS; done += BULK) {
    const body = Array.from({ length: Math.min(BULK, JOBS - done) }, (_, at) => {
      const id = randomUUID();
      const closed = (done + at) % 50 === 0 ? { closingDate: '2020-01-01' } : {};
      return [
        { index: { _index: index, _id: id } },
        { id, postedAt: new Date().toISOString(), ...closed },
      ];
    }).flat();
    await client.bulk({ body });
  }
  await client.indices.refresh({ index });
  console.log(`loaded ${JOBS} in ${Math.round(performance.now() - started)} ms`);

  const sitemap = new OpenSearchSitemap({ client, alias: index, logger });
  const times: number[] = [];
  let total = 0;
  for (const file of SITEMAP_FILE_KEYS) {
    const fileStarted = performance.now();
    for await (const _entry of sitemap.entries(file)) total += 1;
    times.push(performance.now() - fileStarted);
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      jobs: JOBS,
      listed: total,
      files: SITEMAP_FILE_KEYS.length,
      fileMsMedian: Math.round(times[Math.floor(times.length / 2)] ?? 0),
      fileMsMax: Math.round(times.at(-1) ?? 0),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} finally {
  await client.indices.delete({ index }).catch(() => undefined);
  await client.close();
}
