import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files named `*.last.spec.ts` run after every other file (the browser tests' log check reads
 * what the whole run logged). Only the root configuration can choose the sequencer.
 */
class LastFilesLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLast = (file: TestSpecification) => file.moduleId.endsWith('.last.spec.ts');
    return [...sorted.filter((file) => !isLast(file)), ...sorted.filter(isLast)];
  }
}

// One run for every package: each workspace package with a vitest.config.ts is a project.
export default defineConfig({
  test: {
    sequence: { sequencer: LastFilesLastSequencer },
    projects: [
      '{packages,services,frontends}/*/vitest.config.ts',
      '{infra,gateway,e2e}/vitest.config.ts',
    ],
  },
});
