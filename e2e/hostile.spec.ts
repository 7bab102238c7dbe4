import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot, forgedTokens, loggedRoutes } from './src/hostile.js';
import { E2E_USER_PASSWORD, waitForMail } from './src/users.js';

/**
 * Hostile input through the gateway, for every route the services serve under /api (the routes
 * each service logged at start): bad bodies, queries, path parameters, headers, cookies and
 * tokens each get a 4xx with a clear message, never a 5xx or a stack trace, and the databases are
 * the same before and after.
 */

const BASE = process.env.E2E_BASE_URL as string;
const PASSWORD = E2E_USER_PASSWORD;
const UNKNOWN_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
/** A well-formed alert link token with a signature no key made. */
const ALERT_TOKEN = `m.${UNKNOWN_ID}.zzzzzz.${'A'.repeat(43)}`;
/** A company slug no job or stored company has. */
const NO_COMPANY = 'hostile-no-such-company';

type Auth =
  | 'public'
  | 'user'
  | 'admin'
  | 'employer'
  | 'optional-user'
  | 'optional-admin'
  | 'optional-employer';
interface Entry {
  /** Who may call it; `optional-*`: a bad credential is treated as none (no 5xx, no change). */
  auth?: Auth;
  /** A valid body: every vector breaks it in one way. */
  body?: () => Record<string, unknown>;
  /** A valid query. */
  query?: () => Record<string, string>;
  /** Valid path parameters. */
  params?: () => Record<string, string>;
  /**
   * The body may also come as text/plain JSON (navigator.sendBeacon): that vector must then only
   * not fail. Node's fetch, which sends the suite's requests, is a bot to the analytics service,
   * so the accepted call counts nothing and the databases stay as they were.
   */
  textPlainJson?: true;
}

/** What the suite signs in as, made before the databases are compared. */
const ctx = {
  userToken: '',
  revokedUserToken: '',
  adminCookie: '',
  revokedAdminCookie: '',
  jobId: '',
  applicationId: '',
  employerCookie: '',
  employerJobId: '',
};

const publicJob = () => ({
  title: 'Capture Manager',
  company: 'Acme Federal',
  location: 'Arlington, VA',
  description: 'Lead captures.',
  url: 'https://jobs.example/capture',
  sector: 'FEDERAL',
  clearance: 'secret',
  salaryMin: 65,
  salaryMax: 80,
  salaryPeriod: 'hour',
  closingDate: '2099-01-31',
  employmentType: 'contract',
  customer: 'Department of the Navy',
});

/** Every route the gateway exposes, with what a valid call looks like. A new route needs a row. */
const TABLE: Record<string, Entry> = {
  'GET /api/auth/.well-known/jwks.json': {},
  'POST /api/auth/register': {
    body: () => ({
      username: `h_${randomUUID().slice(0, 8)}`,
      email: `h.${randomUUID().slice(0, 8)}@example.gov`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Hostile',
      lastName: 'Tester',
    }),
  },
  'POST /api/auth/login': { body: () => ({ emailOrUsername: 'nobody_here', password: 'x' }) },
  'GET /api/auth/verify': { auth: 'optional-user' },
  'POST /api/auth/logout': { auth: 'optional-user' },
  'POST /api/auth/forgot-password': { body: () => ({ email: 'nobody@example.gov' }) },
  'POST /api/auth/reset-password': {
    body: () => ({ token: 'x'.repeat(43), password: PASSWORD, confirmPassword: PASSWORD }),
  },
  'GET /api/auth/me': { auth: 'user' },
  'PATCH /api/auth/me': {
    auth: 'user',
    body: () => ({
      firstName: 'Ann',
      company: 'Acme',
      notificationPreferences: { jobAlerts: true },
    }),
  },
  'POST /api/auth/me/password': {
    auth: 'user',
    body: () => ({
      currentPassword: 'Wrong!Pass1',
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  },
  'DELETE /api/auth/me': { auth: 'user', body: () => ({ password: 'Wrong!Pass1' }) },
  'GET /api/admin/status': { auth: 'optional-admin' },
  'POST /api/admin/login': { body: () => ({ password: 'not-the-password' }) },
  'POST /api/admin/logout': { auth: 'optional-admin' },
  'GET /api/admin/jobs': { auth: 'admin', query: () => ({ include_deleted: 'true', search: 'x' }) },
  'POST /api/admin/jobs': {
    auth: 'admin',
    body: () => ({ ...publicJob(), employerType: 'INTEGRATOR', poster: 'Pat' }),
  },
  'PUT /api/admin/jobs/:id': {
    auth: 'admin',
    params: () => ({ id: ctx.jobId }),
    body: () => ({ ...publicJob(), employerType: 'INTEGRATOR' }),
  },
  'DELETE /api/admin/jobs/:id': {
    auth: 'admin',
    params: () => ({ id: UNKNOWN_ID }),
    query: () => ({ force: 'true' }),
  },
  'PUT /api/admin/jobs/:id/undelete': { auth: 'admin', params: () => ({ id: UNKNOWN_ID }) },
  'POST /api/admin/jobs/:id/approve': { auth: 'admin', params: () => ({ id: UNKNOWN_ID }) },
  'POST /api/admin/jobs/:id/reject': {
    auth: 'admin',
    params: () => ({ id: UNKNOWN_ID }),
    body: () => ({ reason: 'Scam' }),
  },
  'GET /api/admin/bans': { auth: 'admin' },
  // A valid ban would change the database: every vector breaks the call, so none is stored.
  'POST /api/admin/bans': {
    auth: 'admin',
    body: () => ({ kind: 'email_domain', value: 'spam.example' }),
  },
  'DELETE /api/admin/bans/:id': { auth: 'admin', params: () => ({ id: UNKNOWN_ID }) },
  'POST /api/admin/jobs/:id/check': { auth: 'admin', params: () => ({ id: UNKNOWN_ID }) },
  'GET /api/admin/jobs/featured': { auth: 'admin' },
  'PUT /api/admin/jobs/featured/:jobFunction': {
    auth: 'admin',
    params: () => ({ jobFunction: 'sales' }),
    body: () => ({ jobId: UNKNOWN_ID }),
  },
  'DELETE /api/admin/jobs/featured/:jobFunction': {
    auth: 'admin',
    params: () => ({ jobFunction: 'sales' }),
  },
  'GET /api/jobs': {
    query: () => ({
      search: 'sales',
      sector: 'FEDERAL',
      location: 'DC',
      sort: 'newest',
      clearance: 'secret',
      salaryMin: '100000',
    }),
  },
  'GET /api/jobs/facets': {
    query: () => ({
      search: 'sales',
      sector: 'FEDERAL',
      postedWithin: '30',
      remote: 'remote',
      employmentType: 'contract',
    }),
  },
  'GET /api/jobs/featured': {},
  'GET /api/jobs/:id': { params: () => ({ id: ctx.jobId }) },
  'GET /api/jobs/:id/page': { params: () => ({ id: ctx.jobId }) },
  'GET /api/jobs/feed.rss': {
    query: () => ({ search: 'sales', sector: 'FEDERAL', clearance: 'secret' }),
  },
  'GET /api/jobs/feed.json': { query: () => ({ search: 'sales', jobFunction: 'sales' }) },
  'POST /api/jobs': { body: publicJob },
  'POST /api/jobs/extract-from-url': { body: () => ({ url: 'https://jobs.example/1' }) },
  'GET /api/jobs/post-challenge': {},
  'GET /api/user/bookmarks': { auth: 'user' },
  'POST /api/user/bookmarks': { auth: 'user', body: () => ({ jobId: ctx.jobId, notes: 'n' }) },
  'DELETE /api/user/bookmarks/:jobId': { auth: 'user', params: () => ({ jobId: UNKNOWN_ID }) },
  'GET /api/user/applications': { auth: 'user' },
  'POST /api/user/applications': {
    auth: 'user',
    body: () => ({ jobId: ctx.jobId, applicationMethod: 'email', notes: 'n' }),
  },
  'PATCH /api/user/applications/:id': {
    auth: 'user',
    params: () => ({ id: ctx.applicationId }),
    body: () => ({ notes: 'n', status: 'under_review' }),
  },
  'DELETE /api/user/applications/:id': { auth: 'user', params: () => ({ id: UNKNOWN_ID }) },
  'GET /api/user/stats': { auth: 'user' },
  'GET /api/user/activity': { auth: 'user' },
  'GET /api/user/saved-searches': { auth: 'user' },
  'POST /api/user/saved-searches': {
    auth: 'user',
    body: () => ({ query: { search: 'capture', sector: 'FEDERAL' }, frequency: 'daily' }),
  },
  'PATCH /api/user/saved-searches/:id': {
    auth: 'user',
    params: () => ({ id: UNKNOWN_ID }),
    body: () => ({ name: 'Capture jobs', active: false }),
  },
  'DELETE /api/user/saved-searches/:id': { auth: 'user', params: () => ({ id: UNKNOWN_ID }) },
  'POST /api/alerts/subscribe': {
    body: () => ({ email: 'nobody@example.gov', query: { search: 'capture' }, frequency: 'daily' }),
  },
  'POST /api/alerts/confirm': { body: () => ({ token: ALERT_TOKEN }) },
  'POST /api/alerts/manage': { body: () => ({ token: ALERT_TOKEN }) },
  'PATCH /api/alerts/manage': { body: () => ({ token: ALERT_TOKEN, frequency: 'weekly' }) },
  'POST /api/alerts/unsubscribe': { body: () => ({ token: ALERT_TOKEN }) },
  'GET /api/dns/check-email': {},
  'POST /api/analytics/events': {
    body: () => ({ events: [{ type: 'page_view', path: '/jobs/:id' }] }),
    textPlainJson: true,
  },
  'GET /api/admin/stats': {
    auth: 'admin',
    query: () => ({ from: '2026-01-01', to: '2026-01-31' }),
  },
  'POST /api/employer/sign-in-link': { body: () => ({ email: 'nobody@example.gov' }) },
  'POST /api/employer/sign-in': { body: () => ({ token: 'x'.repeat(43) }) },
  'POST /api/employer/extend-link': { body: () => ({ token: 'x'.repeat(43) }) },
  'GET /api/employer/session': { auth: 'employer' },
  'DELETE /api/employer/session': { auth: 'optional-employer' },
  'GET /api/employer/jobs': { auth: 'employer' },
  'GET /api/employer/jobs/:id/stats': {
    auth: 'employer',
    params: () => ({ id: ctx.employerJobId }),
    query: () => ({ days: '30' }),
  },
  'GET /api/employer/summary-opt-out': { query: () => ({ token: 'x'.repeat(43) }) },
  'POST /api/employer/summary-opt-out': { query: () => ({ token: 'x'.repeat(43) }) },
  'PATCH /api/employer/jobs/:id': {
    auth: 'employer',
    params: () => ({ id: ctx.employerJobId }),
    body: () => ({ ...publicJob(), title: 'Senior Capture Manager' }),
  },
  'POST /api/employer/jobs/:id/close': {
    auth: 'employer',
    params: () => ({ id: ctx.employerJobId }),
    body: () => ({ outcome: 'filled_here' }),
  },
  'POST /api/employer/jobs/:id/extend': {
    auth: 'employer',
    params: () => ({ id: ctx.employerJobId }),
    body: () => ({ closingDate: '2099-02-28' }),
  },
  'POST /api/employer/jobs/:id/relist': {
    auth: 'employer',
    params: () => ({ id: ctx.employerJobId }),
  },
  'GET /api/companies': { query: () => ({ slugs: 'acme-federal,beacon-federal-partners' }) },
  'GET /api/companies/:slug': { params: () => ({ slug: 'acme-federal' }) },
  'GET /api/companies/:slug/logo/:hash.webp': {
    params: () => ({ slug: 'acme-federal', hash: '0'.repeat(64) }),
  },
  // Edits of a company no job names: every call is refused, so no database changes.
  'PATCH /api/admin/companies/:slug': {
    auth: 'admin',
    params: () => ({ slug: NO_COMPANY }),
    body: () => ({ website: 'https://acme.example', description: 'Hostile' }),
  },
  'PUT /api/admin/companies/:slug/logo': { auth: 'admin', params: () => ({ slug: NO_COMPANY }) },
  'GET /api/employer/companies': { auth: 'employer' },
  'PATCH /api/employer/companies/:slug': {
    auth: 'employer',
    params: () => ({ slug: NO_COMPANY }),
    body: () => ({ website: 'https://acme.example', description: 'Hostile' }),
  },
  'PUT /api/employer/companies/:slug/logo': {
    auth: 'employer',
    params: () => ({ slug: NO_COMPANY }),
  },
};

// ------------------------------------------------------------------------------ requests

let addressSequence = 0;
/** A client address of its own per request (198.18.0.0/15, benchmarking): no shared budgets. */
const nextAddress = () => {
  addressSequence += 1;
  return `198.18.${Math.floor(addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;
};

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (raw text); with `json`, serialized. */
  body?: string;
  json?: unknown;
}

async function send(call: Call) {
  const headers: Record<string, string> = { 'X-Forwarded-For': nextAddress(), ...call.headers };
  let body = call.body;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${BASE}${call.path}`, { method: call.method, headers, body });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const cookie = (value: string) => ({ Cookie: value });

function pathOf(template: string, params: Record<string, string>, query?: Record<string, string>) {
  const path = template.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '');
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

function credentialsOf(entry: Entry): Record<string, string> {
  if (entry.auth === 'user') return bearer(ctx.userToken);
  if (entry.auth === 'admin') return cookie(ctx.adminCookie);
  if (entry.auth === 'employer') return cookie(ctx.employerCookie);
  return {};
}

interface Vector {
  name: string;
  call: Call;
  /** `4xx`: refused with a clear message; `no-5xx`: a bad credential on a route that treats it as none. */
  expect: '4xx' | 'no-5xx';
}

const NESTED = `${'['.repeat(5_000)}1${']'.repeat(5_000)}`;
const HUGE = 'a'.repeat(1024 * 1024);

function bodyVectors(route: string, entry: Entry, base: Omit<Call, 'body' | 'json'>): Vector[] {
  if (!entry.body) return [];
  const valid = entry.body();
  const rawWith = (extra: string) => `{${extra},${JSON.stringify(valid).slice(1)}`;
  const vectors: Vector[] = [
    { name: 'missing fields', call: { ...base, json: {} } },
    { name: 'extra field', call: { ...base, json: { ...valid, isAdmin: true } } },
    { name: '__proto__ key', call: { ...base, body: rawWith('"__proto__":{"isAdmin":true}') } },
    {
      name: 'constructor key',
      call: { ...base, body: rawWith('"constructor":{"prototype":{"x":1}}') },
    },
    { name: 'deep nesting', call: { ...base, body: rawWith(`"nested":${NESTED}`) } },
    {
      name: 'malformed JSON',
      call: {
        ...base,
        body: '{"a":',
        headers: { ...base.headers, 'Content-Type': 'application/json' },
      },
    },
    { name: 'an array body', call: { ...base, json: [valid] } },
    { name: '1 MB body', call: { ...base, json: { ...valid, padding: HUGE } } },
    {
      name: 'text/plain body',
      call: {
        ...base,
        body: JSON.stringify(valid),
        headers: { ...base.headers, 'Content-Type': 'text/plain' },
      },
    },
    {
      name: 'form body',
      call: {
        ...base,
        body: new URLSearchParams(valid as Record<string, string>).toString(),
        headers: { ...base.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    },
    {
      name: 'unknown charset',
      call: {
        ...base,
        body: JSON.stringify(valid),
        headers: { ...base.headers, 'Content-Type': 'application/json; charset=utf-7' },
      },
    },
  ].map((vector) => ({
    ...vector,
    expect:
      vector.name === 'text/plain body' && entry.textPlainJson
        ? ('no-5xx' as const)
        : ('4xx' as const),
  }));
  for (const [field, value] of Object.entries(valid)) {
    const wrong: [string, unknown][] = [
      ['a number', 12_345],
      ['an array', [value]],
      ['a $-operator', { $ne: null }],
      ['a 1 MB string', HUGE],
      ['NUL and control characters', 'a\u0000b\u001b[2J'],
      [
        typeof value === 'boolean' ? 'a string' : 'a boolean',
        typeof value === 'boolean' ? 'yes' : true,
      ],
    ];
    for (const [what, bad] of wrong) {
      vectors.push({
        name: `${field} as ${what}`,
        call: { ...base, json: { ...valid, [field]: bad } },
        expect: '4xx',
      });
    }
  }
  return vectors.map((vector) => ({ ...vector, name: `${route}: body ${vector.name}` }));
}

/** A route whose path (its parameters, or its query) the vectors vary, with the rest of the call. */
interface PathTarget {
  route: string;
  entry: Entry;
  template: string;
  base: Omit<Call, 'path'>;
}

function queryVectors({ route, entry, template, base }: PathTarget): Vector[] {
  if (!entry.query) return [];
  const valid = entry.query();
  const params = entry.params?.() ?? {};
  const path = (query: string) => `${pathOf(template, params)}?${query}`;
  const encoded = new URLSearchParams(valid).toString();
  const vectors: [string, string][] = [
    ['unknown parameter', `${encoded}&isAdmin=true`],
    ['__proto__ parameter', `${encoded}&__proto__[x]=1`],
  ];
  const with_ = (key: string, value: string) =>
    new URLSearchParams({ ...valid, [key]: value }).toString();
  for (const key of Object.keys(valid)) {
    vectors.push(
      [`${key} twice`, `${encoded}&${key}=b`],
      [`${key} as an operator`, `${encoded}&${key}[$ne]=x`],
      [`${key} with NUL and control characters`, with_(key, 'a\u0000b\u001b')],
      [`${key} 5,000 characters`, with_(key, 'a'.repeat(5_000))],
    );
  }
  return vectors.map(([name, query]) => ({
    name: `${route}: query ${name}`,
    call: { ...base, path: path(query) },
    expect: '4xx' as const,
  }));
}

function paramVectors({ route, entry, template, base }: PathTarget): Vector[] {
  if (!entry.params) return [];
  const valid = entry.params();
  const vectors: Vector[] = [];
  for (const name of Object.keys(valid)) {
    for (const bad of [
      'not-an-id',
      'a'.repeat(3_000),
      '%00',
      '%24ne',
      '__proto__',
      'constructor',
      '%E0',
    ]) {
      vectors.push({
        name: `${route}: path ${name} = ${bad.slice(0, 20)}`,
        call: { ...base, path: pathOf(template, { ...valid, [name]: bad }, entry.query?.()) },
        expect: '4xx',
      });
    }
  }
  return vectors;
}

function credentialVectors(route: string, entry: Entry, base: Omit<Call, 'headers'>): Vector[] {
  const auth = entry.auth ?? 'public';
  const strict = auth === 'user' || auth === 'admin' || auth === 'employer';
  const expectation = strict ? ('4xx' as const) : ('no-5xx' as const);
  const vectors: [string, Record<string, string>][] = [];
  if (auth === 'user' || auth === 'optional-user') {
    vectors.push(
      ['no token', {}],
      ['Basic credentials', { Authorization: 'Basic dXNlcjpwYXNz' }],
      ['a revoked token', bearer(ctx.revokedUserToken)],
      ['the admin token as a bearer', bearer(adminTokenOf())],
      ...Object.entries(forgedTokens(ctx.userToken, 'b2g-admin')).map(
        ([name, token]): [string, Record<string, string>] => [
          `a token with ${name}`,
          bearer(token),
        ],
      ),
    );
  }
  if (auth === 'admin' || auth === 'optional-admin') {
    vectors.push(
      ['no cookie', {}],
      ['a malformed cookie', cookie('b2g_admin=%E0')],
      ['a revoked admin cookie', cookie(ctx.revokedAdminCookie)],
      ['a user token in the cookie', cookie(`b2g_admin=${ctx.userToken}`)],
      ...Object.entries(forgedTokens(adminTokenOf(), 'b2g-api')).map(
        ([name, token]): [string, Record<string, string>] => [
          `a cookie with ${name}`,
          cookie(`b2g_admin=${token}`),
        ],
      ),
    );
    if (auth === 'admin' && base.method !== 'GET') {
      vectors.push([
        'a cross-site call with the cookie',
        {
          ...cookie(ctx.adminCookie),
          'Sec-Fetch-Site': 'cross-site',
          Origin: 'https://evil.example',
        },
      ]);
    }
  }
  if (auth === 'employer' || auth === 'optional-employer') {
    vectors.push(
      ['no employer cookie', {}],
      ['a malformed employer cookie', cookie('b2g_employer=%E0')],
      ['an employer cookie no sign-in made', cookie(`b2g_employer=${'A'.repeat(43)}`)],
      ['a user token in the employer cookie', cookie(`b2g_employer=${ctx.userToken}`)],
      ['the admin token in the employer cookie', cookie(`b2g_employer=${adminTokenOf()}`)],
    );
    if (auth === 'employer' && base.method !== 'GET') {
      vectors.push([
        'a cross-site call with the employer cookie',
        {
          ...cookie(ctx.employerCookie),
          'Sec-Fetch-Site': 'cross-site',
          Origin: 'https://evil.example',
        },
      ]);
    }
  }
  if (auth === 'public') {
    // Junk credentials beside an otherwise valid call would be a valid call: sent without a body.
    const { json: _valid, ...withoutBody } = base;
    return [
      {
        name: `${route}: junk credentials`,
        call: { ...withoutBody, headers: { ...bearer('x.y.z'), ...cookie('b2g_admin=%E0; a=%') } },
        expect: 'no-5xx',
      },
    ];
  }
  return vectors.map(([name, headers]) => ({
    name: `${route}: ${name}`,
    call: {
      ...base,
      headers: {
        ...headers,
        ...(base.json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
    },
    expect: expectation,
  }));
}

function vectorsFor(route: string, entry: Entry): Vector[] {
  const [method = 'GET', template = '/'] = route.split(' ');
  const params = entry.params?.() ?? {};
  const credentials = credentialsOf(entry);
  const path = pathOf(template, params, entry.query?.());
  const validBody = entry.body?.();
  const pathTarget = { route, entry, template, base: { method, headers: credentials } };
  return [
    ...bodyVectors(route, entry, { method, path, headers: credentials }),
    ...queryVectors(pathTarget),
    ...paramVectors(pathTarget),
    ...credentialVectors(route, entry, { method, path, ...(validBody ? { json: validBody } : {}) }),
  ];
}

// ------------------------------------------------------------------------------ the suite

const STACK_TRACE =
  /\n\s+at \S|node:internal|\.[cm]?[jt]s:\d+:\d+|ECONNREFUSED|MongoServerError|Mongoose/;

async function signUp() {
  const tag = randomUUID().slice(0, 8);
  const res = await send({
    method: 'POST',
    path: '/api/auth/register',
    json: {
      username: `hostile_${tag}`,
      email: `hostile.${tag}@example.gov`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Hostile',
      lastName: 'Suite',
    },
  });
  expect(res.status).toBe(201);
  const { token } = JSON.parse(res.text) as { token: string };
  return { username: `hostile_${tag}`, token };
}

async function adminSignIn(): Promise<string> {
  const res = await fetch(`${BASE}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ password: process.env.E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

const adminTokenOf = () => ctx.adminCookie.split('=')[1] ?? '';

/**
 * An employer session: a public post with a poster's address, the sign-in link e-mailed to it,
 * and the link's token exchanged for the session cookie. Returns the cookie and the posting's id.
 */
async function employerSignIn(): Promise<{ cookie: string; jobId: string }> {
  const email = `hostile.${randomUUID().slice(0, 8)}@example.gov`;
  const posted = await send({
    method: 'POST',
    path: '/api/jobs',
    json: {
      ...publicJob(),
      title: `Proposal Manager ${randomUUID().slice(0, 8)}`,
      posterEmail: email,
    },
  });
  expect(posted.status).toBe(201);
  // Decoded once by waitForMail: decoding again would turn a token's leading `=F1`-like text into a byte.
  const mail = await waitForMail(process.env.E2E_MAIL_DIR as string, email, 15_000, '#token=');
  const token = decodeURIComponent(/#token=([\w%-]+)/.exec(mail)?.[1] ?? '');
  expect(token).not.toBe('');
  const res = await fetch(`${BASE}/api/employer/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
    body: JSON.stringify({ token }),
  });
  expect(res.status).toBe(200);
  return {
    cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    jobId: (JSON.parse(posted.text) as { id: string }).id,
  };
}

/** Snapshots until two in a row agree (events of earlier specs may still be settling). */
async function settledSnapshot(): Promise<string[]> {
  const take = () =>
    databaseSnapshot(process.env.E2E_MONGO_URL as string, process.env.E2E_DB_PREFIX as string);
  let previous = await take();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    // Longer than analytics' flush interval in these runs, so counts still in memory show up.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const current = await take();
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    previous = current;
  }
  throw new Error('the databases did not settle');
}

describe('hostile input through the gateway', () => {
  let before: string[];

  beforeAll(async () => {
    const user = await signUp();
    ctx.userToken = user.token;
    const second = await send({
      method: 'POST',
      path: '/api/auth/login',
      json: { emailOrUsername: user.username, password: PASSWORD },
    });
    ctx.revokedUserToken = (JSON.parse(second.text) as { token: string }).token;
    await send({ method: 'POST', path: '/api/auth/logout', headers: bearer(ctx.revokedUserToken) });
    ctx.adminCookie = await adminSignIn();
    ctx.revokedAdminCookie = await adminSignIn();
    await send({
      method: 'POST',
      path: '/api/admin/logout',
      headers: cookie(ctx.revokedAdminCookie),
    });
    const jobs = JSON.parse((await send({ method: 'GET', path: '/api/jobs' })).text) as {
      id: string;
    }[];
    ctx.jobId = jobs[0]?.id ?? '';
    expect(ctx.jobId).not.toBe('');
    const application = await send({
      method: 'POST',
      path: '/api/user/applications',
      headers: bearer(ctx.userToken),
      json: { jobId: ctx.jobId, applicationMethod: 'email' },
    });
    expect(application.status).toBe(201);
    ctx.applicationId = (JSON.parse(application.text) as { id: string }).id;
    const employer = await employerSignIn();
    ctx.employerCookie = employer.cookie;
    ctx.employerJobId = employer.jobId;
    expect(ctx.employerJobId).not.toBe('');
    before = await settledSnapshot();
  }, 60_000);

  afterAll(async () => {
    await send({ method: 'POST', path: '/api/admin/logout', headers: cookie(ctx.adminCookie) });
  });

  it('when the services list their routes, then every route under /api has a row in the table, and every row a route', () => {
    const routes = [...loggedRoutes(process.env.E2E_SYSTEM_LOG as string).values()]
      .flat()
      .filter((route) => route.split(' ')[1]?.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(20);
    expect(
      routes.filter((route) => !(route in TABLE)),
      'routes without a row',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((route) => !routes.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('when each route gets bad bodies, queries, parameters, headers, cookies and tokens, then each is a 4xx with a clear message, never a 5xx or a stack trace, and no database changes', async () => {
    const vectors = Object.entries(TABLE).flatMap(([route, entry]) => vectorsFor(route, entry));
    expect(vectors.length).toBeGreaterThan(500);
    const failures: string[] = [];
    const queue = [...vectors];
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let vector = queue.shift(); vector; vector = queue.shift()) {
          const res = await send(vector.call);
          const problem = problemOf(vector, res);
          if (problem) failures.push(`${vector.name} → ${problem}`);
        }
      }),
    );
    expect(failures).toEqual([]);
    expect(await settledSnapshot()).toEqual(before);
  }, 110_000);
});

function problemOf(vector: Vector, res: { status: number; text: string; type: string | null }) {
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 200)}`;
  if (STACK_TRACE.test(res.text))
    return `a stack trace or internal name: ${res.text.slice(0, 200)}`;
  if (vector.expect === 'no-5xx') return undefined;
  if (res.status < 400) return `${res.status} (accepted) ${res.text.slice(0, 200)}`;
  // Node itself answers an over-long URL or header block before any app runs.
  if (res.status === 414 || res.status === 431) return undefined;
  if (!res.type?.includes('application/json')) return `${res.status} without a JSON error`;
  const body = JSON.parse(res.text) as { error?: { message?: unknown }; success?: unknown };
  const message = body.error?.message;
  if (body.success === false) return undefined;
  if (typeof message !== 'string' || message.length === 0) return `${res.status} without a message`;
  return undefined;
}
