import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig, type ViteUserConfig } from 'vitest/config';

const infraSetup = fileURLToPath(new URL('./infra/src/vitest-global-setup.ts', import.meta.url));

/** Unit tests only: workspace packages resolve to their TypeScript sources. */
export function unitProject(name: string, extra: ViteUserConfig = {}) {
  return mergeConfig(
    defineProject({
      resolve: { conditions: ['source'] },
      ssr: { resolve: { conditions: ['source'] } },
      test: { name, environment: 'node', include: ['src/**/*.test.ts', 'src/**/*.test.tsx'] },
    }),
    extra,
  );
}

const webSetup = fileURLToPath(
  new URL('./packages/web-platform/src/test/setup.ts', import.meta.url),
);

/** Unit tests of React code (the frontends, ui, web-platform): jsdom, emotion's JSX, testing-library. */
export function webProject(name: string) {
  return unitProject(name, {
    oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
    test: { environment: 'jsdom', testTimeout: 20_000, setupFiles: [webSetup] },
  });
}

/** Unit and integration tests against the real MongoDB-compatible server and RabbitMQ. */
export function integrationProject(name: string, extra: ViteUserConfig = {}) {
  return unitProject(
    name,
    mergeConfig(
      {
        test: {
          include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'],
          globalSetup: [infraSetup],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      extra,
    ),
  );
}
