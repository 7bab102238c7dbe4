import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventBus } from '@b2g/event-bus';
import { TcpProxy } from '@b2g/event-bus/testing';
import { testAmqpUrl, uniqueName } from '@b2g/infra/test-env';
import amqp from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';
import { RevocationSync } from '../src/revocations.js';
import { createTestTokens } from '../src/testing.js';
import { REVOCATIONS_UNKNOWN_MESSAGE } from '../src/tokens.js';

const logger = createLogger({ name: 'revocations-test', level: 'silent' });

/** auth's GET /internal/revoked-sessions on loopback, answering 503 until `available`. */
class AuthStub {
  available = false;
  calls = 0;
  readonly sessions: { id: string; expiresAt: string }[] = [];
  private server: Server | undefined;

  async start() {
    this.server = createServer((req, res) => {
      this.calls += 1;
      if (req.url !== '/internal/revoked-sessions' || !this.available) {
        res.writeHead(503).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sessions: this.sessions }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  revoke(sessionId: string) {
    this.sessions.push({
      id: sessionId,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
  }

  async stop() {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const auth = new AuthStub();
const proxy = new TcpProxy(new URL(testAmqpUrl()));
let authUrl: string;
let bus: EventBus;
const exchange = uniqueName('ex');

beforeAll(async () => {
  authUrl = await auth.start();
  await proxy.start();
  bus = new EventBus({ url: proxy.url, service: uniqueName('kit'), exchange, logger });
});

afterAll(async () => {
  await bus.close();
  await proxy.stop();
  await auth.stop();
  const connection = await amqp.connect(testAmqpUrl());
  const channel = await connection.createChannel();
  await channel.deleteExchange(exchange);
  await connection.close();
});

/** A sync for `tokens`' verifier, against the auth stub and the bus, retrying fast. */
function startSync(tokens: ReturnType<typeof createTestTokens>) {
  const sync = new RevocationSync({
    authUrl,
    verifier: tokens.verifier,
    logger,
    bus,
    backoff: { initialMs: 10, maxMs: 50 },
  });
  sync.start();
  return sync;
}

describe('RevocationSync', () => {
  it('when auth has not answered yet, then the instance is not ready, refuses every token with 503, and becomes ready once the list is loaded', async () => {
    const tokens = createTestTokens();
    const user = tokens.newUser();
    const other = tokens.newUser();
    auth.revoke(user.sessionId);
    const sync = startSync(tokens);
    try {
      await waitFor(() => auth.calls >= 2, 'a retried load');
      expect(await sync.readiness.isReady()).toBe(false);
      expect(sync.readiness.partial).toBe(false);
      // Revoked or not, no token can be told apart yet: neither is let through.
      for (const token of [tokens.bearer(user), tokens.bearer(other)])
        await expect(tokens.verifier.verifyUser(token.slice(7))).rejects.toMatchObject({
          status: 503,
          message: REVOCATIONS_UNKNOWN_MESSAGE,
        });
      auth.available = true;
      await waitFor(() => sync.readiness.isReady(), 'the list to load');
      expect(sync.readiness.name).toBe('revocations');
      await expect(tokens.verifier.verifyUser(tokens.bearer(user).slice(7))).rejects.toMatchObject({
        status: 401,
      });
      await expect(tokens.verifier.verifyUser(tokens.bearer(other).slice(7))).resolves.toEqual(
        other,
      );
    } finally {
      sync.stop();
    }
  });

  it('when the service serves routes without a sign-in (partial), then its readiness check only degrades it', async () => {
    const tokens = createTestTokens();
    const sync = new RevocationSync({
      authUrl,
      verifier: tokens.verifier,
      logger,
      bus,
      partial: true,
    });
    expect(sync.readiness).toMatchObject({ name: 'revocations', partial: true });
    expect(await sync.readiness.isReady()).toBe(false);
  });

  it('when RabbitMQ reconnects, then the list is loaded again, so revocations published meanwhile are refused', async () => {
    auth.available = true;
    const tokens = createTestTokens();
    const sync = startSync(tokens);
    try {
      await bus.start();
      await waitFor(() => sync.readiness.isReady(), 'the first load');
      const user = tokens.newUser();
      const token = tokens.bearer(user).slice(7);
      await expect(tokens.verifier.verifyUser(token)).resolves.toEqual(user);

      // The session is revoked while this instance's exclusive queue is gone: its event is lost.
      const reconnected = new Promise<void>((resolve) => {
        let lost = false;
        const stop = bus.onConnectionChange((connected) => {
          if (!connected) lost = true;
          else if (lost) {
            stop();
            resolve();
          }
        });
      });
      proxy.dropConnections();
      auth.revoke(user.sessionId);
      await reconnected;

      await waitFor(
        () =>
          tokens.verifier.verifyUser(token).then(
            () => false,
            () => true,
          ),
        'the revoked session to be refused after the reconnect',
      );
    } finally {
      sync.stop();
    }
  });
});
