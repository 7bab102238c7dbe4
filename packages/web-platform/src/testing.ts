import { ERROR_HTTP_STATUS, type ErrorCode } from '@b2g/contracts';
import { sampleJob, sampleUser } from '@b2g/contracts/testing';
import { afterEach, beforeEach } from 'vitest';
import { forgetEarlyReads } from './api.js';

export { sampleJob, sampleUser };
export { renderPage, type RenderPageOptions } from './testing-render.js';

/**
 * A tiny fake of the network for tests: replaces `fetch`, answers from routes the test declares
 * and records every request, with no early read in flight (startEarlyRead). No module of ours is
 * mocked: the code under test calls `fetch`.
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
  /** Answers `METHOD path` (the path without its query string) with an answer or a responder. */
  on(method: string, path: string, answer: FakeAnswer | FakeResponder): FakeNetwork;
  /** Answers `METHOD path` with the API's error (see `apiError`). */
  refuse(method: string, path: string, code: ErrorCode, message: string): FakeNetwork;
  /** Keeps `METHOD path` waiting until the function returned is called; then it gets `answer`. */
  hold(method: string, path: string, answer: FakeAnswer): () => void;
  /** Makes `METHOD path` fail like a network error. */
  fail(method: string, path: string): FakeNetwork;
  /** The requests made to `METHOD path`. */
  calls(method: string, path: string): RecordedRequest[];
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

export function installFakeNetwork(): FakeNetwork {
  const original = globalThis.fetch;
  forgetEarlyReads();
  const routes = new Map<string, FakeAnswer | FakeResponder | typeof NETWORK_ERROR>();
  const requests: RecordedRequest[] = [];
  const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

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
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes.get(keyOf(method, path));
    if (route === NETWORK_ERROR) throw new TypeError('Failed to fetch');
    if (route === undefined)
      return toResponse({ status: 404, text: `No fake for ${method} ${path}` });
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
      return requests.filter(
        (r) =>
          r.method === method.toUpperCase() && new URL(r.url, 'http://localhost').pathname === path,
      );
    },
    restore() {
      globalThis.fetch = original;
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
  beforeEach(() => {
    current = installFakeNetwork();
  });
  afterEach(() => {
    current?.restore();
    current = undefined;
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
