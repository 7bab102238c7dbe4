// Entry when this remote runs on its own; the async boundary lets shared modules be negotiated first.
import('./bootstrap.js').catch((error: unknown) =>
  console.error('The remote failed to start', error),
);
