import { integrationProject } from '../vitest.shared.js';

// Integration tests against the servers, plus the static checks of the deployment files
// (test/deployment.test.ts: compose, Dockerfiles, Kubernetes manifests; no Docker needed).
export default integrationProject('infra', {
  test: { include: ['test/**/*.test.ts'] },
});
