import { unitProject } from '../../vitest.shared.js';

export default unitProject('contracts');
