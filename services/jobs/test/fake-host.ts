import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminJobRequestSchema, type AdminJobRequest } from '@b2g/contracts';
import type { JobsInstance } from '../src/instance.js';
import { adminPost } from './support.js';

/** A job source on loopback that records what it was asked and how many requests overlapped. */
export interface FakeHost {
  /** `127.0.0.1:<port>`, as the allow-list of fetched hosts takes it. */
  hostPort: string;
  base: string;
  /** The paths asked, in order. */
  paths: string[];
  /** The most requests it had in flight at once. */
  maxInFlight: number;
  close(): Promise<void>;
}

/**
 * Starts a host whose `/open…` pages answer 200, `/gone…` 404 and every other path 503, each
 * `answerAfterMs` after it was asked, so that two requests at once would overlap.
 */
export async function startFakeHost(answerAfterMs = 20): Promise<FakeHost> {
  let inFlight = 0;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    host.paths.push(path);
    inFlight += 1;
    host.maxInFlight = Math.max(host.maxInFlight, inFlight);
    const status = path.startsWith('/open') ? 200 : path.startsWith('/gone') ? 404 : 503;
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(status, { 'content-type': 'text/html' }).end('<p>job</p>');
    }, answerAfterMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host: FakeHost = {
    hostPort: `127.0.0.1:${port}`,
    base: `http://127.0.0.1:${port}`,
    paths: [],
    maxInFlight: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return host;
}

/**
 * An admin job whose source is `url`, created by the service itself: the admin form takes only
 * URLs with a domain name, and the fake hosts are on loopback.
 */
export function jobAt(
  instance: JobsInstance,
  url: string,
  overrides: Partial<AdminJobRequest> = {},
) {
  return instance.posting.createAdmin({
    ...adminJobRequestSchema.parse(adminPost(overrides)),
    url,
  });
}

/** A loopback port nothing listens on (a connection to it is refused). */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
