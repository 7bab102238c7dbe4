import { BoardReadError, type BoardValidators } from '../../domain/ports.js';
import type { AtsSettings } from './settings.js';

/** An ATS's JSON answer: `unchanged` (304 to a conditional request) or the parsed body. */
export type JsonAnswer =
  { unchanged: true } | ({ unchanged: false; body: unknown } & BoardValidators);

export interface PoliteHttpClock {
  sleep(ms: number): Promise<void>;
  /** 0 ≤ n < 1: the jitter of a back-off. */
  random(): number;
  now(): number;
}

const realClock: PoliteHttpClock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
  now: Date.now,
};

type Attempt = { answer: JsonAnswer } | { retry: string; retryAfterMs?: number | undefined };

const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GETs JSON from the ATS APIs politely: one request at a time per host (later ones queue), a
 * time limit per request, a bounded answer, a bounded number of retries after a 429, a 5xx or no
 * answer (waiting as Retry-After asks, else an exponential back-off with jitter), conditional
 * requests when validators are given, and redirects followed only on the same origin.
 */
export class PoliteHttp {
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly settings: AtsSettings,
    private readonly clock: PoliteHttpClock = realClock,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** The answer of `url`; rejects with a BoardReadError saying why there is none. */
  getJson(url: string, previous?: BoardValidators): Promise<JsonAnswer> {
    return this.oneAtATime(new URL(url).host, () => this.withRetries(url, previous));
  }

  private async oneAtATime<T>(host: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(host) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => mine);
    this.tails.set(host, tail);
    await before;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(host) === tail) this.tails.delete(host);
    }
  }

  private async withRetries(url: string, previous?: BoardValidators): Promise<JsonAnswer> {
    const { maxRetries, backoffMs, maxBackoffMs } = this.settings;
    for (let retry = 0; ; retry++) {
      const attempt = await this.attempt(url, previous);
      if ('answer' in attempt) return attempt.answer;
      if (retry >= maxRetries) {
        throw new BoardReadError('unavailable', `${attempt.retry} (tried ${retry + 1} times).`);
      }
      if ((attempt.retryAfterMs ?? 0) > maxBackoffMs) {
        const seconds = Math.ceil((attempt.retryAfterMs ?? 0) / 1000);
        throw new BoardReadError('unavailable', `${attempt.retry}; asked to wait ${seconds} s.`);
      }
      const exponential = Math.min(backoffMs * 2 ** retry, maxBackoffMs);
      const jittered = exponential / 2 + (this.clock.random() * exponential) / 2;
      await this.clock.sleep(Math.max(jittered, attempt.retryAfterMs ?? 0));
    }
  }

  private async attempt(url: string, previous?: BoardValidators): Promise<Attempt> {
    const origin = new URL(url).origin;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (previous?.etag) headers['if-none-match'] = previous.etag;
    if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
    let target = url;
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await this.fetchFn(target, { headers, redirect: 'manual', signal });
        const { status } = response;
        if (REDIRECTS.has(status)) {
          await response.body?.cancel();
          const location = response.headers.get('location');
          const next = location ? new URL(location, target) : undefined;
          if (!next || next.origin !== origin) {
            throw new BoardReadError('refused', `${host(url)} redirected to another host.`);
          }
          if (redirects >= MAX_REDIRECTS) {
            throw new BoardReadError('refused', `${host(url)} redirected too many times.`);
          }
          target = next.href;
          continue;
        }
        return await this.outcome(response, url);
      }
    } catch (error) {
      if (error instanceof BoardReadError) throw error;
      const timedOut = signal.aborted;
      return { retry: `${host(url)} gave no answer${timedOut ? ' in time' : ''}` };
    }
  }

  private async outcome(response: Response, url: string): Promise<Attempt> {
    const { status } = response;
    if (status === 304) return { answer: { unchanged: true } };
    if (status >= 200 && status < 300) {
      const text = await this.boundedText(response, url);
      try {
        return {
          answer: {
            unchanged: false,
            body: JSON.parse(text) as unknown,
            etag: response.headers.get('etag') ?? undefined,
            lastModified: response.headers.get('last-modified') ?? undefined,
          },
        };
      } catch {
        throw new BoardReadError('malformed', `${host(url)} answered something that is not JSON.`);
      }
    }
    await response.body?.cancel();
    if (status === 404 || status === 410) {
      throw new BoardReadError(
        'not-found',
        `${host(url)} has nothing at this address (${status}).`,
      );
    }
    if (status === 429 || status >= 500) {
      return {
        retry: `${host(url)} answered ${status}`,
        retryAfterMs: this.retryAfterMs(response.headers.get('retry-after')),
      };
    }
    throw new BoardReadError('unavailable', `${host(url)} answered ${status}.`);
  }

  private async boundedText(response: Response, url: string): Promise<string> {
    const { maxBytes } = this.settings;
    const tooLarge = () =>
      new BoardReadError('malformed', `${host(url)} answered more than ${maxBytes} bytes.`);
    if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
      await response.body?.cancel();
      throw tooLarge();
    }
    if (!response.body) return '';
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
  private retryAfterMs(value: string | null): number | undefined {
    if (!value) return undefined;
    if (/^\d{1,9}$/.test(value.trim())) return Number(value) * 1000;
    const at = Date.parse(value);
    return Number.isNaN(at) ? undefined : Math.max(0, at - this.clock.now());
  }
}

const host = (url: string) => new URL(url).host;
