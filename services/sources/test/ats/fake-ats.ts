import { it as base } from 'vitest';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createAtsBoards,
  DEFAULT_ATS_SETTINGS,
  type AtsSettings,
} from '../../src/data/ats/index.js';
import type { AtsBoards } from '../../src/domain/ports.js';

/** A scripted answer: JSON when `body` is not a string; `hang` never answers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
}

/** Answers a request (path without the ATS prefix, its query, its headers). */
export type FakeRoute = (request: {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}) => FakeAnswer;

export interface FakeRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface FakeAts {
  /** Every ATS's base on this server: http://127.0.0.1:port/{ats}. */
  bases: AtsSettings['bases'];
  origin: string;
  requests: FakeRequest[];
  /** The most requests it held at once. */
  maxConcurrent(): number;
  /** Answers `path` (with its ATS prefix, e.g. /lever/v0/postings/acme) with `route`. */
  on(path: string, route: FakeRoute | FakeAnswer[]): void;
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the ATS APIs. Each answer is held for a moment, so requests that
 * overlap are seen overlapping; a list of answers is served in order, the last one repeating.
 */
export async function startFakeAts(): Promise<FakeAts> {
  const routes = new Map<string, FakeRoute>();
  const requests: FakeRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const request = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(request);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const route = routes.get(url.pathname);
    const answer = route ? route(request) : { status: 404, body: { status: 404 } };
    if (answer.hang) return;
    setTimeout(() => {
      inFlight--;
      const body =
        typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        ...answer.headers,
      });
      res.end(answer.status === 304 ? undefined : body);
    }, 5);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    bases: {
      greenhouse: `${origin}/greenhouse`,
      lever: `${origin}/lever`,
      ashby: `${origin}/ashby`,
      smartrecruiters: `${origin}/smartrecruiters`,
      workable: `${origin}/workable`,
    },
    requests,
    maxConcurrent: () => maxInFlight,
    on(path, route) {
      if (typeof route === 'function') routes.set(path, route);
      else {
        let next = 0;
        routes.set(path, () => route[Math.min(next++, route.length - 1)] ?? {});
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The sleeps asked for, instead of waiting them. */
export function fakeClock() {
  const sleeps: number[] = [];
  return {
    sleeps,
    clock: {
      sleep: (ms: number) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
      now: () => Date.parse('2026-03-02T12:00:00Z'),
    },
  };
}

/** The readers pointed at the fake server, with a fake clock and small pages. */
export function boardsOn(ats: FakeAts, overrides: Partial<AtsSettings> = {}) {
  const { sleeps, clock } = fakeClock();
  const settings: AtsSettings = {
    ...DEFAULT_ATS_SETTINGS,
    bases: ats.bases,
    allowLoopbackHttp: true,
    timeoutMs: 5_000,
    pageSize: 2,
    ...overrides,
  };
  const boards: AtsBoards = createAtsBoards(settings, clock);
  return { boards, sleeps };
}

/** `it` with a fresh fake ATS server per test, closed after it. */
export const it = base.extend<{ ats: FakeAts }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  ats: async ({}, use) => {
    const ats = await startFakeAts();
    await use(ats);
    await ats.close();
  },
});
