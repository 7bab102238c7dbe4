import { unitProject } from '../vitest.shared.js';

export default unitProject('gateway', {
  test: { include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'] },
});
