import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { serve } from './serve.js';

const logger = pino({ level: 'silent' });

describe('serve', () => {
  it('when a stopping server has cleaned up, then close resolves', async () => {
    const cleaned: string[] = [];
    const running = await serve(express(), {
      port: 0,
      host: '127.0.0.1',
      logger,
      handleSignals: false,
      onShutdown: async () => {
        cleaned.push('done');
      },
    });
    await running.close();
    expect(cleaned).toEqual(['done']);
    expect(running.server.listening).toBe(false);
  });

  it('when the clean-up never finishes, then close gives up after the shutdown timeout instead of hanging', async () => {
    const running = await serve(express(), {
      port: 0,
      host: '127.0.0.1',
      logger,
      handleSignals: false,
      shutdownTimeoutMs: 200,
      onShutdown: () => new Promise<void>(() => undefined),
    });
    const started = performance.now();
    await expect(running.close()).rejects.toThrow('clean-up did not finish within 200 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
