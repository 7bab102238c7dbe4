import { Agent } from 'undici';

/** A keep-alive connection pool to another service, every phase bounded by `timeoutMs`. */
export function serviceAgent(timeoutMs: number, connections: number): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    connections,
    connect: { timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}
