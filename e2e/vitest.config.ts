import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The log check reads what the whole run logged, so it runs after every other spec. */
class LogsLastSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLogCheck = (file: TestSpecification) => file.moduleId.endsWith('system-logs.spec.ts');
    return [...sorted.filter((file) => !isLogCheck(file)), ...sorted.filter(isLogCheck)];
  }
}

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['*.spec.ts'],
    globalSetup: ['./src/global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: LogsLastSequencer },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
