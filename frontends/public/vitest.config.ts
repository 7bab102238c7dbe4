import { webProject } from '../../vitest.shared.js';

export default webProject('public');
