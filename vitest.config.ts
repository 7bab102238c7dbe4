import { defineConfig } from 'vitest/config';

// One run for every package: each workspace package with a vitest.config.ts is a project.
export default defineConfig({
  test: {
    projects: [
      '{packages,services,frontends}/*/vitest.config.ts',
      '{infra,gateway,e2e}/vitest.config.ts',
    ],
  },
});
