// The async boundary: shared modules (react, the router, web-platform…) are negotiated with the
// remotes before any of them is evaluated, so none needs to be eager.
import(/* webpackChunkName: "bootstrap" */ './bootstrap.js').catch((error: unknown) =>
  console.error('The application failed to start', error),
);
