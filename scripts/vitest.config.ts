import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** The short chaos run: the whole system on private servers of its own (no global setup). */
export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'chaos',
    include: ['*.test.ts'],
    testTimeout: 600_000,
  },
});
