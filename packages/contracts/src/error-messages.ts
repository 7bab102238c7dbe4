import { FETCH_JOBS_FAILED_MESSAGE } from './job-list-request.js';

/** Texts of error responses (`error.message`) and the client's fallbacks for them. */
export const ERROR_MESSAGES = {
  validationFailed: 'Invalid request',
  invalidCredentials: 'Invalid email/username or password',
  usernameTaken: 'Username is already taken',
  emailTaken: 'Email is already registered',
  resetTokenInvalid: 'Invalid or expired reset token',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordIncorrect: 'Password is incorrect',
  authenticationRequired: 'Authentication required',
  sessionInvalid: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do that',
  adminNotConfigured:
    'Admin access is not configured. Set the ADMIN_PASSWORD environment variable to enable it.',
  adminPasswordInvalid: 'Invalid admin password',
  adminRequired: 'Admin access required',
  notFound: 'Not found',
  userNotFound: 'User not found',
  jobNotFound: 'Job not found',
  jobNotDeleted: 'Only deleted jobs can be permanently deleted',
  bookmarkNotFound: 'Bookmark not found',
  alreadyBookmarked: 'Job is already bookmarked',
  applicationNotFound: 'Application not found',
  extractFailed: 'Could not extract job data from URL. Please fill manually.',
  /** Auto fill: the page gave no answer at all (no connection, a timeout, no name server). */
  pageUnreachable: "We couldn't reach that page; fill the form by hand or try again",
  fetchJobsFailed: FETCH_JOBS_FAILED_MESSAGE,
  searchUnavailable:
    'Job search is temporarily unavailable. Browse the newest jobs without a search text, or try again shortly.',
  jobsOffsetTooDeep:
    'Pages this deep are reached with the cursor of the page before (X-Next-Cursor), not with offset',
  jobsCursorInvalid: 'Invalid cursor',
  dnsCheckFailed: 'Unable to verify DNS records',
  payloadTooLarge: 'Request body is too large',
  rateLimited: 'Too many requests. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again later.',
  gatewayTimeout: 'The service took too long to respond. Please try again later.',
  internal: 'Something went wrong. Please try again later.',
} as const;
