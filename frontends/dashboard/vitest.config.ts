import { fileURLToPath } from 'node:url';
import { unitProject } from '../../vitest.shared.js';

export default unitProject('dashboard', {
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  test: {
    environment: 'jsdom',
    testTimeout: 20_000,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    setupFiles: [
      fileURLToPath(new URL('../../packages/web-platform/src/test/setup.ts', import.meta.url)),
    ],
  },
});
