import { unitProject } from '../../vitest.shared.js';

// Unit tests only, no servers: the classifier is pure, and test/ measures it on the labelled set.
export default unitProject('sources', {
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
