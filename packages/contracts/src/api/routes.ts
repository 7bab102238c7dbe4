// The API described once: every route the gateway exposes, per service, with the contracts'
// schemas of what it takes and answers. openapi.ts turns it into one OpenAPI 3.1 document per
// service; the gateway serves them at /api/docs and its test fails on a route missing here.
import { z } from 'zod';
import {
  adminStatsQuerySchema,
  adminStatsSchema,
  analyticsEventsRequestSchema,
  jobStatsQuerySchema,
  jobStatsSchema,
} from '../analytics.js';
import {
  adminLoginRequestSchema,
  authResponseSchema,
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyResponseSchema,
} from '../auth.js';
import { JWKS_PATH } from '../constants.js';
import { dnsCheckResponseSchema } from '../dns.js';
import {
  employerCloseRequestSchema,
  employerExtendLinkRequestSchema,
  employerExtendRequestSchema,
  employerJobListResponseSchema,
  employerJobSchema,
  employerSessionSchema,
  employerSignInLinkRequestSchema,
  employerSignInRequestSchema,
} from '../employer.js';
import {
  adminJobSchema,
  adminStatusResponseSchema,
  applicationWithJobSchema,
  bookmarkSchema,
  dashboardStatsSchema,
  featuredJobsResponseSchema,
  jobSchema,
  userSchema,
} from '../entities.js';
import {
  featuredFunctionParamSchema,
  featuredPinRequestSchema,
  featuredPinsResponseSchema,
  jobCheckResponseSchema,
} from '../freshness.js';
import { jobPageResponseSchema } from '../job-pages.js';
import {
  banListResponseSchema,
  banRequestSchema,
  banSchema,
  createJobResponseSchema,
  postChallengeSchema,
  rejectRequestSchema,
  reviewItemSchema,
} from '../review.js';
import {
  companyLookupQuerySchema,
  companyLookupResponseSchema,
  companyPageResponseSchema,
  companySchema,
  companySlugParamSchema,
  companyUpdateRequestSchema,
  employerCompaniesResponseSchema,
} from '../companies.js';
import {
  adminJobListResponseSchema,
  adminJobRequestSchema,
  adminJobsQuerySchema,
  createJobRequestSchema,
  employerJobUpdateRequestSchema,
  extractedJobSchema,
  extractFromUrlRequestSchema,
  forceDeleteQuerySchema,
  jobFacetsResponseSchema,
  jobIdParamSchema,
  jobListResponseSchema,
  jobsQuerySchema,
} from '../jobs.js';
import {
  alertTokenQuerySchema,
  alertTokenRequestSchema,
  createSavedSearchRequestSchema,
  guestSubscribeExistingResponseSchema,
  guestSubscribeRequestSchema,
  managedAlertResponseSchema,
  manageAlertRequestSchema,
  savedSearchIdParamSchema,
  savedSearchListSchema,
  savedSearchSchema,
  updateSavedSearchRequestSchema,
} from '../saved-searches.js';
import {
  activityListResponseSchema,
  applicationIdParamSchema,
  applicationListResponseSchema,
  bookmarkJobIdParamSchema,
  bookmarkListResponseSchema,
  createApplicationRequestSchema,
  createBookmarkRequestSchema,
  updateApplicationRequestSchema,
} from '../user-activity.js';

export const API_SERVICES = ['auth', 'jobs', 'user-activity', 'dns', 'analytics'] as const;
export type ApiService = (typeof API_SERVICES)[number];

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One answer of a route: its status, what it means and, for a JSON body, its schema. */
export interface ApiAnswer {
  status: number;
  description: string;
  schema?: z.ZodType;
  /** A body that is not JSON (the RSS feed). */
  contentType?: string;
}

export interface ApiRouteDescription {
  method: ApiMethod;
  /** As the service declares it (express style: `/api/jobs/:id`). */
  path: string;
  summary: string;
  /** Who may call it: anyone (unset), a signed-in user (bearer token) or the admin (cookie). */
  caller?: 'user' | 'admin';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  answers: readonly ApiAnswer[];
}

const ok = (schema: z.ZodType, description = 'OK'): ApiAnswer => ({
  status: 200,
  description,
  schema,
});
const created = (schema: z.ZodType): ApiAnswer => ({ status: 201, description: 'Created', schema });
const noContent: ApiAnswer = { status: 204, description: 'Done; no body' };

const successSchema = z.object({ success: z.literal(true) });
const userResponseSchema = z.object({ user: userSchema });
const textMessageSchema = z.object({ message: z.string() });
/** The weekly summary's opt-out link carries its token in the query (mail clients post to the URL). */
const summaryOptOutQuerySchema = z.object({ token: z.string() });
const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

const authRoutes: readonly ApiRouteDescription[] = [
  {
    method: 'get',
    path: JWKS_PATH,
    summary: 'The public keys that verify session tokens (JWKS)',
    answers: [ok(jwksSchema)],
  },
  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create an account and sign in',
    body: registerRequestSchema,
    answers: [created(authResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail or username and password',
    body: loginRequestSchema,
    answers: [ok(authResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/auth/verify',
    summary: "The signed-in user of the request's session",
    answers: [
      ok(verifyResponseSchema),
      { status: 401, description: 'No valid session', schema: verifyResponseSchema },
    ],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: "End the request's session",
    answers: [ok(successSchema)],
  },
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    summary: 'Send a password reset link (the answer is the same for an unknown address)',
    body: forgotPasswordRequestSchema,
    answers: [ok(messageResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token',
    body: resetPasswordRequestSchema,
    answers: [ok(messageResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/auth/me',
    summary: "The signed-in user's profile",
    caller: 'user',
    answers: [ok(userResponseSchema)],
  },
  {
    method: 'patch',
    path: '/api/auth/me',
    summary: "Change the signed-in user's profile",
    caller: 'user',
    body: profileUpdateRequestSchema,
    answers: [ok(userResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/auth/me/password',
    summary: "Change the signed-in user's password",
    caller: 'user',
    body: changePasswordRequestSchema,
    answers: [ok(messageResponseSchema)],
  },
  {
    method: 'delete',
    path: '/api/auth/me',
    summary: "Delete the signed-in user's account",
    caller: 'user',
    body: deleteAccountRequestSchema,
    answers: [ok(messageResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/admin/status',
    summary: 'Whether the caller is the admin and whether an admin password is configured',
    answers: [ok(adminStatusResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/admin/login',
    summary: 'Admin sign-in with the single admin password (sets the admin cookie)',
    body: adminLoginRequestSchema,
    answers: [ok(successSchema)],
  },
  {
    method: 'post',
    path: '/api/admin/logout',
    summary: 'Admin sign-out (revokes the admin session)',
    answers: [ok(successSchema)],
  },
];

/** /api/employer/*: an employer signs in with an e-mailed link; the rest needs its session cookie. */
/** The admin's review of held public posts, and bans of e-mail domains and apply hosts. */
function reviewRoutes(): ApiRouteDescription[] {
  const notPending: ApiAnswer = { status: 409, description: 'Not waiting for review' };
  const unknown: ApiAnswer = { status: 404, description: 'No such post' };
  return [
    {
      method: 'post',
      path: '/api/admin/jobs/:id/approve',
      summary: 'Approve a held post (it goes live under its id) or edit; the poster is e-mailed',
      caller: 'admin',
      params: jobIdParamSchema,
      answers: [ok(reviewItemSchema), unknown, notPending],
    },
    {
      method: 'post',
      path: '/api/admin/jobs/:id/reject',
      summary: 'Reject a held post or edit with a reason e-mailed to the poster',
      caller: 'admin',
      params: jobIdParamSchema,
      body: rejectRequestSchema,
      answers: [ok(reviewItemSchema), unknown, notPending],
    },
    {
      method: 'get',
      path: '/api/admin/bans',
      summary: 'The banned e-mail domains and apply hosts, newest first',
      caller: 'admin',
      answers: [ok(banListResponseSchema)],
    },
    {
      method: 'post',
      path: '/api/admin/bans',
      summary: 'Ban an e-mail domain or apply host: its pending and live posts are rejected',
      caller: 'admin',
      body: banRequestSchema,
      answers: [created(banSchema)],
    },
    {
      method: 'delete',
      path: '/api/admin/bans/:id',
      summary: 'Lift a ban (rejected posts stay rejected)',
      caller: 'admin',
      answers: [noContent, { status: 404, description: 'No such ban' }],
    },
  ];
}

function employerRoutes(): ApiRouteDescription[] {
  const unauthorizedAnswer: ApiAnswer = { status: 401, description: 'No employer session' };
  const notOwned: ApiAnswer = { status: 404, description: 'No posting of this address' };
  return [
    {
      method: 'post',
      path: '/api/employer/sign-in-link',
      summary:
        'E-mail a sign-in link for every posting of an address (the same answer for any address; rate limited)',
      body: employerSignInLinkRequestSchema,
      answers: [{ status: 202, description: 'Accepted', schema: textMessageSchema }],
    },
    {
      method: 'post',
      path: '/api/employer/sign-in',
      summary: "Exchange a sign-in link's token for the employer session cookie",
      body: employerSignInRequestSchema,
      answers: [
        ok(employerSessionSchema),
        { status: 401, description: 'Invalid, used or expired' },
      ],
    },
    {
      method: 'get',
      path: '/api/employer/session',
      summary: 'The signed-in employer address',
      answers: [ok(employerSessionSchema), unauthorizedAnswer],
    },
    {
      method: 'delete',
      path: '/api/employer/session',
      summary: 'Sign the employer out',
      answers: [noContent],
    },
    {
      method: 'get',
      path: '/api/employer/jobs',
      summary: "The signed-in address's postings, newest first",
      answers: [ok(employerJobListResponseSchema), unauthorizedAnswer],
    },
    {
      method: 'patch',
      path: '/api/employer/jobs/:id',
      summary: 'Edit a posting (the public post form and its rules)',
      params: jobIdParamSchema,
      body: employerJobUpdateRequestSchema,
      answers: [ok(employerJobSchema), unauthorizedAnswer, notOwned],
    },
    {
      method: 'post',
      path: '/api/employer/jobs/:id/close',
      summary: 'Close a posting early with its outcome',
      params: jobIdParamSchema,
      body: employerCloseRequestSchema,
      answers: [ok(employerJobSchema), unauthorizedAnswer, notOwned],
    },
    {
      method: 'post',
      path: '/api/employer/jobs/:id/extend',
      summary: 'Move the closing date later (at most one year ahead)',
      params: jobIdParamSchema,
      body: employerExtendRequestSchema,
      answers: [ok(employerJobSchema), unauthorizedAnswer, notOwned],
    },
    {
      method: 'post',
      path: '/api/employer/jobs/:id/relist',
      summary: 'Post a closed or expired posting again as a new job',
      params: jobIdParamSchema,
      answers: [created(employerJobSchema), unauthorizedAnswer, notOwned],
    },
    {
      method: 'get',
      path: '/api/employer/jobs/:id/stats',
      summary:
        "A posting's views, unique visitors, search impressions, apply clicks and bookmarks: totals, per day and views by source",
      params: jobIdParamSchema,
      query: jobStatsQuerySchema,
      answers: [
        ok(jobStatsSchema),
        unauthorizedAnswer,
        notOwned,
        { status: 503, description: 'The statistics cannot be read right now' },
      ],
    },
    {
      method: 'get',
      path: '/api/employer/summary-opt-out',
      summary: "The weekly summary's opt-out page: one button that stops the summary",
      query: summaryOptOutQuerySchema,
      answers: [{ status: 200, description: 'An HTML page' }],
    },
    {
      method: 'post',
      path: '/api/employer/summary-opt-out',
      summary:
        "Stop the weekly summary e-mail for the link's address (the page's button, or a mail client's RFC 8058 one-click post)",
      query: summaryOptOutQuerySchema,
      answers: [ok(textMessageSchema), { status: 400, description: 'Invalid or expired link' }],
    },
    {
      method: 'post',
      path: '/api/employer/extend-link',
      summary:
        "Extend one posting by its time on the board with an expiry reminder's one-click link (single use, no session; rate limited)",
      body: employerExtendLinkRequestSchema,
      answers: [
        ok(employerJobSchema),
        { status: 400, description: 'Invalid, used or expired' },
        { status: 409, description: 'The posting is closed' },
      ],
    },
  ];
}

/** Company pages, their logos and their editing by the admin or an employer of their domain. */
function companyRoutes(): ApiRouteDescription[] {
  const notFound: ApiAnswer = { status: 404, description: 'No such company' };
  const notAllowed: ApiAnswer = {
    status: 403,
    description: "Not an employer of the company website's domain",
  };
  const logoAnswers: ApiAnswer[] = [
    ok(companySchema),
    notFound,
    { status: 413, description: 'Over 2 MB' },
    { status: 415, description: 'Not a PNG, JPEG or WebP (never SVG)' },
  ];
  const logoSummary =
    'Upload the logo: the raw PNG, JPEG or WebP as the body (at most 2 MB), re-encoded to a square WebP of at most 256 px';
  return [
    {
      method: 'get',
      path: '/api/companies',
      summary:
        'The stored companies among those named (at most 50 slugs, comma-separated), with their logos: for a list of job cards',
      query: companyLookupQuerySchema,
      answers: [ok(companyLookupResponseSchema)],
    },
    {
      method: 'get',
      path: '/api/companies/:slug',
      summary: "A company, its active jobs (newest first) and its page's head",
      params: companySlugParamSchema,
      answers: [ok(companyPageResponseSchema), notFound],
    },
    {
      method: 'get',
      path: '/api/companies/:slug/logo/:hash.webp',
      summary: "The company's current logo (cached for a year: its hash names it)",
      params: companySlugParamSchema.extend({ hash: z.string() }),
      answers: [{ status: 200, description: 'WebP', contentType: 'image/webp' }, notFound],
    },
    {
      method: 'patch',
      path: '/api/admin/companies/:slug',
      summary: "Edit a company's name, website and description",
      caller: 'admin',
      params: companySlugParamSchema,
      body: companyUpdateRequestSchema,
      answers: [ok(companySchema), notFound],
    },
    {
      method: 'put',
      path: '/api/admin/companies/:slug/logo',
      summary: logoSummary,
      caller: 'admin',
      params: companySlugParamSchema,
      answers: logoAnswers,
    },
    {
      method: 'get',
      path: '/api/employer/companies',
      summary: "The companies of the employer's postings that the employer may edit",
      answers: [
        ok(employerCompaniesResponseSchema),
        { status: 401, description: 'No employer session' },
      ],
    },
    {
      method: 'patch',
      path: '/api/employer/companies/:slug',
      summary: "Edit a company of the employer's e-mail domain",
      params: companySlugParamSchema,
      body: companyUpdateRequestSchema,
      answers: [ok(companySchema), notAllowed, notFound],
    },
    {
      method: 'put',
      path: '/api/employer/companies/:slug/logo',
      summary: `${logoSummary}; a company of the employer's e-mail domain`,
      params: companySlugParamSchema,
      answers: [...logoAnswers, notAllowed],
    },
  ];
}

const jobsRoutes: readonly ApiRouteDescription[] = [
  {
    method: 'get',
    path: '/api/jobs',
    summary: 'Search the active jobs (total in X-Total-Count, next page in X-Next-Cursor)',
    query: jobsQuerySchema,
    answers: [ok(jobListResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/jobs/facets',
    summary: 'How many jobs each filter option would give, for the same filters',
    query: jobsQuerySchema,
    answers: [ok(jobFacetsResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/jobs/featured',
    summary: 'The featured job of each function',
    answers: [ok(featuredJobsResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/jobs/feed.rss',
    summary: 'The newest jobs of a search as an RSS feed',
    query: jobsQuerySchema,
    answers: [{ status: 200, description: 'RSS 2.0', contentType: 'application/rss+xml' }],
  },
  {
    method: 'get',
    path: '/api/jobs/feed.json',
    summary: 'The newest jobs of a search as a JSON Feed',
    query: jobsQuerySchema,
    answers: [{ status: 200, description: 'JSON Feed 1.1', contentType: 'application/feed+json' }],
  },
  {
    method: 'get',
    path: '/api/jobs/:id',
    summary: 'One active job',
    params: jobIdParamSchema,
    answers: [ok(jobSchema)],
  },
  {
    method: 'get',
    path: '/api/jobs/:id/page',
    summary: "What a job's page shows, with its HTML head (active, gone or not found)",
    params: jobIdParamSchema,
    answers: [ok(jobPageResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/jobs',
    summary:
      'Post a job (anyone; rate limited): live at once, or held for review when the review policy says so (`status`)',
    body: createJobRequestSchema,
    answers: [
      created(createJobResponseSchema),
      { status: 403, description: 'From a banned e-mail domain or apply host; nothing stored' },
    ],
  },
  {
    method: 'get',
    path: '/api/jobs/post-challenge',
    summary:
      'A proof-of-work challenge for the post form (a missing answer is scored, not refused)',
    answers: [ok(postChallengeSchema)],
  },
  {
    method: 'post',
    path: '/api/jobs/extract-from-url',
    summary: "Read a job posting's fields from its URL (rate limited)",
    body: extractFromUrlRequestSchema,
    answers: [ok(extractedJobSchema)],
  },
  {
    method: 'get',
    path: '/api/admin/jobs',
    summary:
      'Every job, deleted ones on request; with status=pending, the held posts and edits instead (ReviewItem[], at most 100, the count in X-Total-Count)',
    caller: 'admin',
    query: adminJobsQuerySchema,
    answers: [ok(adminJobListResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/admin/jobs',
    summary: 'Create a job',
    caller: 'admin',
    body: adminJobRequestSchema,
    answers: [created(adminJobSchema)],
  },
  {
    method: 'put',
    path: '/api/admin/jobs/:id',
    summary: 'Update a job',
    caller: 'admin',
    params: jobIdParamSchema,
    body: adminJobRequestSchema,
    answers: [ok(adminJobSchema)],
  },
  {
    method: 'delete',
    path: '/api/admin/jobs/:id',
    summary: 'Soft-delete a job, or delete it for good with force=true',
    caller: 'admin',
    params: jobIdParamSchema,
    query: forceDeleteQuerySchema,
    answers: [
      ok(adminJobSchema, 'Soft-deleted'),
      { ...noContent, description: 'Deleted for good' },
    ],
  },
  {
    method: 'put',
    path: '/api/admin/jobs/:id/undelete',
    summary: 'Restore a soft-deleted job',
    caller: 'admin',
    params: jobIdParamSchema,
    answers: [ok(adminJobSchema)],
  },
  {
    method: 'post',
    path: '/api/admin/jobs/:id/check',
    summary: 'Check now whether the job is still open at its source',
    caller: 'admin',
    params: jobIdParamSchema,
    answers: [ok(jobCheckResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/admin/jobs/featured',
    summary: 'The pinned job of each function that has one',
    caller: 'admin',
    answers: [ok(featuredPinsResponseSchema)],
  },
  {
    method: 'put',
    path: '/api/admin/jobs/featured/:jobFunction',
    summary: "Pin the job shown in a function's featured slot",
    caller: 'admin',
    params: featuredFunctionParamSchema,
    body: featuredPinRequestSchema,
    answers: [ok(featuredPinsResponseSchema)],
  },
  {
    method: 'delete',
    path: '/api/admin/jobs/featured/:jobFunction',
    summary: "Unpin a function's featured slot",
    caller: 'admin',
    params: featuredFunctionParamSchema,
    answers: [ok(featuredPinsResponseSchema)],
  },
  ...reviewRoutes(),
  ...employerRoutes(),
  ...companyRoutes(),
];

const userActivityRoutes: readonly ApiRouteDescription[] = [
  {
    method: 'get',
    path: '/api/user/bookmarks',
    summary: "The user's bookmarks, each with its job",
    caller: 'user',
    answers: [ok(bookmarkListResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/user/bookmarks',
    summary: 'Bookmark a job (200 when it already was)',
    caller: 'user',
    body: createBookmarkRequestSchema,
    answers: [created(bookmarkSchema), ok(bookmarkSchema, 'Already bookmarked')],
  },
  {
    method: 'delete',
    path: '/api/user/bookmarks/:jobId',
    summary: 'Remove a bookmark',
    caller: 'user',
    params: bookmarkJobIdParamSchema,
    answers: [noContent],
  },
  {
    method: 'get',
    path: '/api/user/applications',
    summary: "The user's tracked applications, each with its job",
    caller: 'user',
    answers: [ok(applicationListResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/user/applications',
    summary: 'Track an application',
    caller: 'user',
    body: createApplicationRequestSchema,
    answers: [created(applicationWithJobSchema)],
  },
  {
    method: 'patch',
    path: '/api/user/applications/:id',
    summary: 'Change a tracked application (status, notes, follow-up)',
    caller: 'user',
    params: applicationIdParamSchema,
    body: updateApplicationRequestSchema,
    answers: [ok(applicationWithJobSchema)],
  },
  {
    method: 'delete',
    path: '/api/user/applications/:id',
    summary: 'Stop tracking an application',
    caller: 'user',
    params: applicationIdParamSchema,
    answers: [noContent],
  },
  {
    method: 'get',
    path: '/api/user/stats',
    summary: "The dashboard's counts",
    caller: 'user',
    answers: [ok(dashboardStatsSchema)],
  },
  {
    method: 'get',
    path: '/api/user/activity',
    summary: "The user's activity feed, newest first",
    caller: 'user',
    answers: [ok(activityListResponseSchema)],
  },
  {
    method: 'get',
    path: '/api/user/saved-searches',
    summary: "The user's saved searches and their alerts",
    caller: 'user',
    answers: [ok(savedSearchListSchema)],
  },
  {
    method: 'post',
    path: '/api/user/saved-searches',
    summary: 'Save a search, with or without an alert',
    caller: 'user',
    body: createSavedSearchRequestSchema,
    answers: [
      created(savedSearchSchema),
      ok(savedSearchSchema, 'The user has this search already: the existing one, unchanged'),
    ],
  },
  {
    method: 'patch',
    path: '/api/user/saved-searches/:id',
    summary: "Change a saved search's name or alert",
    caller: 'user',
    params: savedSearchIdParamSchema,
    body: updateSavedSearchRequestSchema,
    answers: [ok(savedSearchSchema)],
  },
  {
    method: 'delete',
    path: '/api/user/saved-searches/:id',
    summary: 'Delete a saved search',
    caller: 'user',
    params: savedSearchIdParamSchema,
    answers: [noContent],
  },
  {
    method: 'post',
    path: '/api/alerts/subscribe',
    summary: 'A guest alert: sends a confirmation link (rate limited)',
    body: guestSubscribeRequestSchema,
    answers: [
      { status: 202, description: 'Confirmation sent', schema: textMessageSchema },
      ok(
        guestSubscribeExistingResponseSchema,
        'The address has this search already: the existing alert, no e-mail',
      ),
    ],
  },
  {
    method: 'post',
    path: '/api/alerts/confirm',
    summary: "Start a guest alert with its confirmation link's token",
    body: alertTokenRequestSchema,
    answers: [ok(managedAlertResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/alerts/manage',
    summary: "An alert as its e-mail's manage link shows it",
    body: alertTokenRequestSchema,
    answers: [ok(managedAlertResponseSchema)],
  },
  {
    method: 'patch',
    path: '/api/alerts/manage',
    summary: "Change an alert from its e-mail's manage link",
    body: manageAlertRequestSchema,
    answers: [ok(managedAlertResponseSchema)],
  },
  {
    method: 'post',
    path: '/api/alerts/unsubscribe',
    summary:
      "Stop an alert from its e-mail's unsubscribe link (the token in the body or the query)",
    query: alertTokenQuerySchema,
    body: alertTokenRequestSchema,
    answers: [ok(textMessageSchema)],
  },
];

const dnsRoutes: readonly ApiRouteDescription[] = [
  {
    method: 'get',
    path: '/api/dns/check-email',
    summary: "Check the e-mail domain's DNS records (verification, MX, SPF, DKIM, DMARC)",
    answers: [ok(dnsCheckResponseSchema)],
  },
];

const analyticsRoutes: readonly ApiRouteDescription[] = [
  {
    method: 'post',
    path: '/api/analytics/events',
    summary:
      'Report page views and postings seen, opened, applied to or bookmarked (JSON, or JSON as text/plain from sendBeacon); not counted with DNT or GPC, nor from bots',
    body: analyticsEventsRequestSchema,
    answers: [{ status: 202, description: 'Accepted; no body' }],
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    summary: "The board's page views per route, days and jobs by apply clicks over a date range",
    caller: 'admin',
    query: adminStatsQuerySchema,
    answers: [ok(adminStatsSchema)],
  },
];

/** Every route the gateway exposes, by the service that answers it. */
export const API_ROUTES = {
  auth: authRoutes,
  jobs: jobsRoutes,
  'user-activity': userActivityRoutes,
  dns: dnsRoutes,
  analytics: analyticsRoutes,
} as const satisfies Record<ApiService, readonly ApiRouteDescription[]>;
