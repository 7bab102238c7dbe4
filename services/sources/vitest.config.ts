import { integrationProject } from '../../vitest.shared.js';

// The classifier's and the sync's unit tests beside the repositories' and the sync's integration
// tests against the real MongoDB-compatible server, which the global setup makes available once
// per run (it reuses servers already up). test/ holds the labelled-set measure and the ATS
// readers' tests against a loopback fake too, hence every test/**/*.test.ts.
export default integrationProject('sources', {
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
