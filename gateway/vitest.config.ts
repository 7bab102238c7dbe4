import { integrationProject } from '../vitest.shared.js';

// Integration: the shared rate limits are counted on the real MongoDB-compatible server.
export default integrationProject('gateway');
