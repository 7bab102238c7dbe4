// Builds the packages whose sources changed since their last build, and what depends on them:
// `npm test` runs it before vitest, because the browser tests' setup and several test helpers load
// workspace packages through their built entries.
import { buildIfStale } from './system.js';

await buildIfStale((line) => console.log(line));
