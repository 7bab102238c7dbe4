import express from 'express';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
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

  it('when the clean-up never finishes, then close gives up at the shutdown timeout instead of hanging', async () => {
    let cleanUpStarted!: () => void;
    const cleaningUp = new Promise<void>((resolve) => (cleanUpStarted = resolve));
    const running = await serve(express(), {
      port: 0,
      host: '127.0.0.1',
      logger,
      handleSignals: false,
      shutdownTimeoutMs: 200,
      onShutdown: () => {
        cleanUpStarted();
        return new Promise<void>(() => undefined);
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const closing = running.close();
      closing.catch(() => undefined).finally(() => (settled = true));
      // The clean-up's bound is set in the same turn as the clean-up starts.
      await cleaningUp;
      await vi.advanceTimersByTimeAsync(199);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(closing).rejects.toThrow('clean-up did not finish within 200 ms');
      expect(running.server.listening).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
