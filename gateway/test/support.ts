import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Job } from '@b2g/contracts';
import { afterEach, expect } from 'vitest';
import { createGatewayServer } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logging.js';
import { SharedLimits, type SharedLimitsOptions } from '../src/shared-limits.js';
import { createUpstreamPools } from '../src/upstream-pool.js';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What a test upstream does with a request once its body has been read. */
export type UpstreamHandler = (req: ReceivedRequest, res: ServerResponse) => void;

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

export interface TestUpstream extends TestServer {
  received: ReceivedRequest[];
}

async function listen(server: Server, at = 0): Promise<string> {
  await new Promise<void>((resolve) => server.listen(at, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Answers with JSON describing the request it got: who it is, method, url, headers, body. */
export function echo(name: string): UpstreamHandler {
  return (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ upstream: name, ...req }));
  };
}

/** A real HTTP server on a loopback port (a free one unless given), standing in for one service. */
export async function startUpstream(handler: UpstreamHandler, port = 0): Promise<TestUpstream> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(request);
      handler(request, res);
    });
  });
  return { url: await listen(server, port), received, close: closer(server) };
}

/** A loopback address where nothing listens: connecting to it is refused. */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await closer(server)();
  return url;
}

export function emptyDir(): string {
  return mkdtempSync(join(tmpdir(), 'gateway-test-'));
}

/** The shell's index.html as its production build writes it (minified, unquoted attributes). */
export const SHELL_INDEX_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="Jobs in B2G."><title>B2G Job Board</title><script defer src=/main.abc123.js></script></head><body><div id=root></div></body></html>';

/** A job as the jobs service answers it: a sales role in Arlington posted on 1 November 2026. */
export function sampleJob(job: Pick<Job, 'id' | 'title' | 'company' | 'description' | 'url'>): Job {
  return {
    location: 'Arlington, VA',
    link: null,
    poster: null,
    applyUrl: null,
    sector: 'FEDERAL',
    employerType: null,
    isAgencyRole: false,
    isRemote: false,
    remoteDays: null,
    experienceLevel: null,
    jobFunction: 'sales',
    source: 'Direct Post',
    postedAt: '2026-11-01T00:00:00.000Z',
    createdAt: '2026-11-01T00:00:00.000Z',
    deletedAt: null,
    external: false,
    bookmarkCount: 0,
    ...job,
  };
}

/** A built shell folder holding only `index.html`: what the gateway's page routes fill in. */
export function shellDir(indexHtml = SHELL_INDEX_HTML): string {
  const shell = join(emptyDir(), 'shell');
  mkdirSync(shell, { recursive: true });
  writeFileSync(join(shell, 'index.html'), indexHtml);
  return shell;
}

export interface TestGateway extends TestServer {
  /** Every log line the gateway wrote, as written. */
  logs: string[];
  server: Server;
  /** Where its write and strict budgets are counted, when MONGO_URL is set. */
  sharedLimits: SharedLimits | undefined;
}

/**
 * The gateway's app on a loopback port with the given environment. Upstreams default to a
 * refused address and frontends to an empty folder, so a test only sees what it sets up.
 */
export async function startGateway(
  env: Record<string, string> = {},
  limits: SharedLimitsOptions = {},
): Promise<TestGateway> {
  const nowhere = await refusedUrl();
  const noBundles = join(emptyDir(), 'missing');
  const remoteDirs = Object.fromEntries(
    ['MFE_PUBLIC', 'MFE_DASHBOARD', 'MFE_ADMIN']
      .filter((prefix) => env[`${prefix}_URL`] === undefined)
      .map((prefix) => [`${prefix}_DIR`, noBundles]),
  );
  const config = loadConfig({
    AUTH_URL: nowhere,
    JOBS_URL: nowhere,
    USER_ACTIVITY_URL: nowhere,
    DNS_URL: nowhere,
    ANALYTICS_URL: nowhere,
    SHELL_DIR: noBundles,
    ...remoteDirs,
    ...env,
  });
  const logs: string[] = [];
  const logger = createLogger('info', { write: (line: string) => logs.push(line) });
  const pools = createUpstreamPools(config);
  const sharedLimits = config.mongoUrl
    ? new SharedLimits(config.mongoUrl, logger, limits)
    : undefined;
  const server = createGatewayServer(config, { logger, pools, sharedLimits });
  const url = await listen(server);
  const close = closer(server);
  return {
    url,
    logs,
    server,
    sharedLimits,
    close: async () => {
      await close();
      pools.destroy();
      await sharedLimits?.close();
    },
  };
}

/**
 * Runs `run` against a gateway started with `env`, then closes the gateway and the `upstreams`
 * the test started for it, whether `run` passed or failed.
 */
export async function withGateway(
  env: Record<string, string>,
  run: (gateway: TestGateway) => Promise<void>,
  ...upstreams: TestServer[]
): Promise<void> {
  const gateway = await startGateway(env);
  try {
    await run(gateway);
  } finally {
    await gateway.close();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
  }
}

/** Registers servers a test starts; each is closed after its test, whether it passed or failed. */
export function closedAfterEach(): <T extends TestServer>(server: T) => T {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return (server) => {
    started.push(server);
    return server;
  };
}

/** Resolves once `condition` holds; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets a test decide when a held request gets its answer. */
export function hold(): { handler: UpstreamHandler; pending: ServerResponse[]; release(): void } {
  const pending: ServerResponse[] = [];
  return {
    pending,
    handler: (_req, res) => {
      pending.push(res);
    },
    release() {
      for (const res of pending.splice(0)) {
        if (!res.destroyed) res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      }
    },
  };
}

/**
 * A page's one JSON-LD script, parsed, after checking that nothing in its text can end the
 * element, open a comment or break a line.
 */
export function onlyJsonLd(html: string): unknown {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)];
  expect(scripts).toHaveLength(1);
  const raw = scripts[0]?.[1] ?? '';
  expect(raw).not.toMatch(/[<>\u2028]/);
  return JSON.parse(raw);
}
