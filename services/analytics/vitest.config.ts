import { integrationProject } from '../../vitest.shared.js';

export default integrationProject('analytics');
