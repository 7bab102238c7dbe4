import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { AUTH_TOKEN_KEY, safeStorage } from './storage.js';

/** What a cached read does with a 401: fail (the default) or yield `null`. */
export type On401Behavior = 'returnNull' | 'throw';

/**
 * A non-OK answer. Its message is `{status}: {body text}` (the status text when the body is
 * empty), as spec §8 says; `status` and `body` are kept for callers that need them.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const token = safeStorage.get(AUTH_TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

type ApiInit = Omit<RequestInit, 'headers' | 'credentials'>;

/**
 * A request to the API as every call makes it (spec §7): JSON content type, cookies included, the
 * stored token as a bearer header.
 */
function send(url: string, init: ApiInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: requestHeaders(), credentials: 'include' });
}

/** GET requests started before their page asked for them (startEarlyRead), by URL. */
const earlyReads = new Map<string, Promise<Response>>();

/** How long an early read waits to be taken: a page that asks later gets a fresh answer. */
const EARLY_READ_TTL_MS = 10_000;

/**
 * Starts `GET url` now, as every API call is made (send), for the first apiFetch of the same URL
 * to take: the shell starts a page's first reads while the page's own code still loads. Not a
 * preload in the page's HTML: Chromium hands a preloaded answer, fetched without the stored
 * token, to the page's request that carries it, so a signed-in reader could get an answer made
 * for nobody.
 */
export function startEarlyRead(url: string): void {
  if (earlyReads.has(url)) return;
  const response = send(url);
  // A failure is the taker's to handle; one that is never taken is nobody's.
  response.catch(() => undefined);
  earlyReads.set(url, response);
  setTimeout(() => {
    if (earlyReads.get(url) === response) earlyReads.delete(url);
  }, EARLY_READ_TTL_MS);
}

/** Drops every early read not yet taken (a test's fresh network has nothing in flight). */
export function forgetEarlyReads(): void {
  earlyReads.clear();
}

/** The early read of `url`, at most once. */
function takeEarlyRead(url: string): Promise<Response> | undefined {
  const response = earlyReads.get(url);
  earlyReads.delete(url);
  return response;
}

/** An API call (see send); a GET of a URL the shell started early takes that answer. */
export function apiFetch(url: string, init: ApiInit = {}) {
  const early = (init.method ?? 'GET') === 'GET' ? takeEarlyRead(url) : undefined;
  return early ?? send(url, init);
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  throw new ApiError(res.status, body, res.statusText);
}

/** JSON answers are parsed; any other answer is returned raw, as its body text. */
async function readBody(res: Response): Promise<unknown> {
  const contentType = res.headers.get('content-type') ?? '';
  if (!/[/+]json\b/i.test(contentType)) return res.text();
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * One call to the API: JSON content type, cookies included, the stored token as a bearer header.
 * Resolves with the parsed JSON (or the raw text of a non-JSON answer); rejects with ApiError.
 */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await apiFetch(url, {
    method,
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfResNotOk(res);
  return (await readBody(res)) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The path a query key reads: its text and number parts joined with '/'. A plain-object part
 * (`['/api/jobs', filters]`) becomes the query string, with empty values left out.
 */
export function queryKeyToPath(queryKey: QueryKey): string {
  const parts: string[] = [];
  const params = new URLSearchParams();
  for (const part of queryKey) {
    if (isPlainObject(part)) {
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null && value !== '')
          params.append(key, String(value));
      }
    } else if (part !== undefined && part !== null) {
      parts.push(String(part));
    }
  }
  const search = params.toString();
  return search ? `${parts.join('/')}?${search}` : parts.join('/');
}

export interface QueryFnOptions {
  on401: On401Behavior;
}

/** The query function of cached reads: GET the joined query key. */
export function getQueryFn<T>({ on401 }: QueryFnOptions): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await apiFetch(queryKeyToPath(queryKey), { signal });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfResNotOk(res);
    return (await readBody(res)) as T;
  };
}

/**
 * The words to show for a failed call: the server's `error.message` (or `message`) when the
 * answer carried one, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    try {
      const parsed = JSON.parse(error.body) as { error?: { message?: unknown }; message?: unknown };
      const message = parsed.error?.message ?? parsed.message;
      if (typeof message === 'string' && message) return message;
    } catch {
      // Not JSON: fall through.
    }
    return fallback;
  }
  return fallback;
}
