import { ERROR_HTTP_STATUS, type ErrorCode } from '@b2g/contracts';
import { sampleJob, sampleUser } from '@b2g/contracts/testing';
import { beforeEach } from 'vitest';
import { forgetEarlyReads } from './api.js';

export { sampleJob, sampleUser };
export { renderPage, type RenderPageOptions } from './testing-render.js';

/**
 * A tiny fake of the network for tests: replaces `fetch`, answers from routes the test declares
 * and records every request, with no early read in flight (startEarlyRead). No module of ours is
 * mocked: the code under test calls `fetch`. A request no route answers is rejected with an error
 * naming it, and fails the test when the network is restored (a missing fake is a bug of the test,
 * not a 404 the page should handle: a test that wants a 404 declares it).
 */
export interface RecordedRequest {
  method: string;
  /** Path plus query, as requested. */
  url: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** The parsed JSON body, or the raw text when it is not JSON; undefined without a body. */
  body: unknown;
}

export type FakeAnswer =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string>; statusText?: string };

export type FakeResponder = (request: RecordedRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeNetwork {
  requests: RecordedRequest[];
  /**
   * Answers `METHOD path` with an answer or a responder. A path with a query string answers only
   * requests with exactly those parameters (in any order), before a route of the bare path, which
   * answers any query.
   */
  on(method: string, path: string, answer: FakeAnswer | FakeResponder): FakeNetwork;
  /** Answers `METHOD path` with the API's error (see `apiError`). */
  refuse(method: string, path: string, code: ErrorCode, message: string): FakeNetwork;
  /** Keeps `METHOD path` waiting until the function returned is called; then it gets `answer`. */
  hold(method: string, path: string, answer: FakeAnswer): () => void;
  /** Makes `METHOD path` fail like a network error. */
  fail(method: string, path: string): FakeNetwork;
  /** The requests made to `METHOD path` (with a query string: with exactly those parameters). */
  calls(method: string, path: string): RecordedRequest[];
  /** The requests no route answered (`METHOD path?query`). */
  unanswered: string[];
  /** Puts the real `fetch` back; throws when a request found no route. */
  restore(): void;
}

/** An answer with the API's error body (`{ error: { code, message } }`), at the code's status. */
export function apiError(code: ErrorCode, message: string): FakeAnswer {
  return { status: ERROR_HTTP_STATUS[code], json: { error: { code, message } } };
}

const NETWORK_ERROR = Symbol('network error');

function toResponse(answer: FakeAnswer): Response {
  const status = answer.status ?? 200;
  if ('json' in answer) {
    return new Response(JSON.stringify(answer.json), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  }
  return new Response(answer.text, {
    status,
    statusText: answer.statusText ?? '',
    headers: { 'Content-Type': 'text/plain', ...answer.headers },
  });
}

/** `path` split into its pathname and its query parameters sorted (undefined without a query). */
function splitPath(path: string): { pathname: string; query: string | undefined } {
  const url = new URL(path, 'http://localhost');
  if (!path.includes('?')) return { pathname: url.pathname, query: undefined };
  const params = [...url.searchParams].sort(([a, x], [b, y]) =>
    a === b ? x.localeCompare(y) : a.localeCompare(b),
  );
  return { pathname: url.pathname, query: new URLSearchParams(params).toString() };
}

/** Whether a request to `url` is one to `path` (see FakeNetwork.on for how a query matches). */
function matches(url: string, path: string): boolean {
  const wanted = splitPath(path);
  const requested = splitPath(url);
  return (
    requested.pathname === wanted.pathname &&
    (wanted.query === undefined || wanted.query === (requested.query ?? ''))
  );
}

export function installFakeNetwork(): FakeNetwork {
  const original = globalThis.fetch;
  forgetEarlyReads();
  const routes = new Map<string, FakeAnswer | FakeResponder | typeof NETWORK_ERROR>();
  const requests: RecordedRequest[] = [];
  const unanswered: string[] = [];
  const keyOf = (method: string, path: string) => {
    const { pathname, query } = splitPath(path);
    return `${method.toUpperCase()} ${pathname}${query === undefined ? '' : `?${query}`}`;
  };

  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = typeof init?.body === 'string' ? init.body : undefined;
    let body: unknown = raw;
    if (raw !== undefined) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    }
    const request: RecordedRequest = {
      method,
      url,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
      body,
    };
    requests.push(request);
    const { pathname, query } = splitPath(url);
    const route =
      routes.get(keyOf(method, `${pathname}?${query ?? ''}`)) ??
      routes.get(keyOf(method, pathname));
    if (route === NETWORK_ERROR) throw new TypeError('Failed to fetch');
    if (route === undefined) {
      const named = `${method} ${pathname}${query ? `?${query}` : ''}`;
      unanswered.push(named);
      throw new Error(`The fake network has no route for ${named}: declare it with network.on`);
    }
    return toResponse(typeof route === 'function' ? await route(request) : route);
  };

  const network: FakeNetwork = {
    requests,
    on(method, path, answer) {
      routes.set(keyOf(method, path), answer);
      return network;
    },
    refuse(method, path, code, message) {
      return network.on(method, path, apiError(code, message));
    },
    hold(method, path, answer) {
      let release = () => {};
      const held = new Promise<FakeAnswer>((resolve) => {
        release = () => resolve(answer);
      });
      network.on(method, path, () => held);
      return release;
    },
    fail(method, path) {
      routes.set(keyOf(method, path), NETWORK_ERROR);
      return network;
    },
    calls(method, path) {
      return requests.filter((r) => r.method === method.toUpperCase() && matches(r.url, path));
    },
    unanswered,
    restore() {
      globalThis.fetch = original;
      if (unanswered.length > 0)
        throw new Error(
          `The fake network had no route for ${unanswered.join(', ')}: declare each with network.on`,
        );
    },
  };
  return network;
}

/**
 * The test file's fake network: installed before each test and restored after it. The object
 * returned stands for the network of the test that runs.
 */
export function fakeNetworkPerTest(): FakeNetwork {
  let current: FakeNetwork | undefined;
  beforeEach((context) => {
    const installed = installFakeNetwork();
    current = installed;
    // After every afterEach hook (the DOM's cleanup too): a missing route fails its test only.
    context.onTestFinished(() => {
      if (current === installed) current = undefined;
      installed.restore();
    });
  });
  const network = () => {
    if (current === undefined) throw new Error('The fake network is there only while a test runs');
    return current;
  };
  const handle: FakeNetwork = {
    get requests() {
      return network().requests;
    },
    on(method, path, answer) {
      network().on(method, path, answer);
      return handle;
    },
    refuse(method, path, code, message) {
      network().refuse(method, path, code, message);
      return handle;
    },
    hold: (method, path, answer) => network().hold(method, path, answer),
    fail(method, path) {
      network().fail(method, path);
      return handle;
    },
    calls: (method, path) => network().calls(method, path),
    get unanswered() {
      return network().unanswered;
    },
    restore: () => network().restore(),
  };
  return handle;
}

/** Stores a session and answers its verify call, as after a sign-in; returns the user. */
export function signIn<T extends object>(network: FakeNetwork, user: T = sampleUser() as T): T {
  window.localStorage.setItem('authToken', 'tok-1');
  window.localStorage.setItem('currentUser', JSON.stringify(user));
  network.on('GET', '/api/auth/verify', { json: { success: true, user } });
  return user;
}
