import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from '@b2g/contracts';
import type { TokenVerifier, UserPrincipal } from '@b2g/service-kit';

/** The e-mail address the stand-in auth gives a test user. */
export const emailOf = (user: Pick<UserPrincipal, 'id'>) => `user-${user.id}@example.com`;

/**
 * A real HTTP server standing in for the jobs service's GET /api/jobs/:id: it answers the Job JSON
 * of the jobs it holds (404 for unknown or soft-deleted ones) and counts the requests it gets.
 * It also answers auth's GET /api/auth/me for a valid user token (the user's `emailOf`).
 */
export class JobsApiServer {
  constructor(private readonly verifier?: TokenVerifier) {}

  readonly jobs = new Map<string, Job>();
  readonly requests: string[] = [];
  /** While true, every request gets a 503 (the jobs service is down). */
  failing = false;
  private server: Server | undefined;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/api/auth/me' && this.verifier) {
        const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        this.verifier.verifyUser(token).then(
          (user) =>
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ user: { id: user.id, email: emailOf(user) } })),
          () => res.writeHead(401, { 'content-type': 'application/json' }).end('{}'),
        );
        return;
      }
      const match = /^\/api\/jobs\/([^/?]+)$/.exec(req.url ?? '');
      if (req.method !== 'GET' || !match?.[1]) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"code":"NOT_FOUND","message":"Not found"}}');
        return;
      }
      const id = decodeURIComponent(match[1]);
      this.requests.push(id);
      if (this.failing) {
        res
          .writeHead(503, { 'content-type': 'application/json' })
          .end('{"error":{"code":"SERVICE_UNAVAILABLE","message":"down"}}');
        return;
      }
      const job = this.jobs.get(id);
      if (!job || job.deletedAt) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"error":{"code":"NOT_FOUND","message":"Job not found"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(job));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
