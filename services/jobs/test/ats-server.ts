import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AtsApiBases } from '../src/domain/ats.js';

/** The fixtures' posting URLs, as an employer would paste them (the real ATS hosts). */
export const POSTING_URLS = {
  greenhouse: 'https://boards.greenhouse.io/keystonefederal/jobs/4012345007',
  greenhouseGone: 'https://boards.greenhouse.io/keystonefederal/jobs/4012345999',
  greenhouseDown: 'https://boards.greenhouse.io/keystonefederal/jobs/4012345500',
  lever: 'https://jobs.lever.co/civicledger/7c9e6679-7425-40de-944b-e07fc1f90ae7',
  ashby: 'https://jobs.ashbyhq.com/redstone-analytics/a1f3c2d4-5b6e-4f70-8a91-b2c3d4e5f607',
  ashbyHourly:
    'https://jobs.ashbyhq.com/redstone-analytics/b2e4d3c5-6c7f-4081-9ba2-c3d4e5f60718/application',
  ashbyRemoved: 'https://jobs.ashbyhq.com/redstone-analytics/00000000-0000-4000-8000-000000000000',
  smartrecruiters:
    'https://jobs.smartrecruiters.com/MeridianPublicSolutions/744000012345678-business-development-manager-state-local',
  workable: 'https://apply.workable.com/beacon-mission/j/5E8A1C7B2D/',
} as const;

/** API paths (below each provider's base) and the fixture each answers with. */
const ROUTES: Record<string, string> = {
  '/greenhouse/v1/boards/keystonefederal/jobs/4012345007': 'greenhouse-job.json',
  '/lever/v0/postings/civicledger/7c9e6679-7425-40de-944b-e07fc1f90ae7': 'lever-posting.json',
  '/ashby/posting-api/job-board/redstone-analytics': 'ashby-board.json',
  '/smartrecruiters/v1/companies/MeridianPublicSolutions/postings/744000012345678':
    'smartrecruiters-posting.json',
  '/workable/api/v1/widget/accounts/beacon-mission': 'workable-account.json',
};

const fixture = (name: string) =>
  readFile(new URL(`./fixtures/ats/${name}`, import.meta.url), 'utf8');

export interface AtsServer {
  server: Server;
  /** host:port, for the SSRF guard's test allowance. */
  hostPort: string;
  bases: AtsApiBases;
  /** Every request it answered: path and the conditional headers sent. */
  requests: Array<{ path: string; ifNoneMatch?: string | undefined }>;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the five ATS APIs, answering the fixtures with an ETag (and 304 to a
 * request that sends it back); 404 for unknown postings, 503 for Greenhouse job 4012345500.
 */
export async function startAtsServer(): Promise<AtsServer> {
  const requests: AtsServer['requests'] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://ats').pathname;
    const ifNoneMatch = req.headers['if-none-match'];
    requests.push({ path, ifNoneMatch });
    if (path.endsWith('/4012345500')) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"maintenance"}');
      return;
    }
    const name = ROUTES[path];
    if (!name) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":404}');
      return;
    }
    const etag = `"${name}-v1"`;
    if (ifNoneMatch === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    fixture(name).then(
      (body) => res.writeHead(200, { 'content-type': 'application/json', etag }).end(body),
      () => res.writeHead(500).end(),
    );
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    server,
    hostPort: `127.0.0.1:${port}`,
    bases: {
      greenhouse: `${base}/greenhouse`,
      lever: `${base}/lever`,
      ashby: `${base}/ashby`,
      smartrecruiters: `${base}/smartrecruiters`,
      workable: `${base}/workable`,
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
