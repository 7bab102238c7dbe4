import { unitProject } from '../../vitest.shared.js';

export default unitProject('dns', {
  test: { include: ['src/**/*.test.ts', 'test/**/*.int.test.ts'] },
});
