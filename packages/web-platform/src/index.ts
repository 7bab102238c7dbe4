export {
  ApiError,
  apiFetch,
  apiRequest,
  errorMessage,
  getQueryFn,
  queryKeyToPath,
  startEarlyRead,
  throwIfResNotOk,
} from './api.js';
export type { On401Behavior, QueryFnOptions } from './api.js';
export { ApplyNow } from './apply-tracking.js';
export type { TrackableJob } from './apply-tracking.js';
export { AuthProvider, useAuth } from './auth.js';
export type { AuthProviderProps, AuthState } from './auth.js';
export {
  configureAnalytics,
  reportPageView,
  setPageViewReporter,
  track,
  usePageViews,
  useResultsReport,
} from './analytics.js';
export type { PageViewReporter } from './analytics.js';
export { CONFIG_URL, loadPlatformConfig, parsePlatformConfig } from './config.js';
export type { PlatformConfig, SisterSite } from './config.js';
export { useDocumentMeta, useDocumentTitle } from './document-title.js';
export { FormAlert, ReadFailedAlert, toastError } from './FormAlert.js';
export type { FailedSubmission } from './FormAlert.js';
export { mountRoot } from './mount.js';
export { PlatformProviders } from './PlatformProviders.js';
export type { PlatformProvidersProps } from './PlatformProviders.js';
export { ADMIN_STATUS_STALE_MS, createQueryClient } from './query-client.js';
export * from './query.js';
export * from './router.js';
export { useScrollRestoration } from './scroll-restoration.js';
export { AUTH_TOKEN_KEY, CURRENT_USER_KEY } from './storage.js';
export { dismissToast, toast, useToast } from './toast.js';
export type { ToastOptions, ToasterToast } from './toast.js';
