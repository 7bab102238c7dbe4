// The mixed load of a chaos run: virtual users, an employer and the administrator, each doing one
// call at a time through the gateway, and a ledger of what the system acknowledged.
import { randomBytes } from 'node:crypto';

export interface Outcome {
  /** `METHOD /path` with ids replaced by `:id` (and `?search` for a text search). */
  route: string;
  status: number;
  /** The fault under way (or recovering) when the call was answered, if any. */
  fault: string | undefined;
  at: number;
  /** A 503's message and request id, to find its log lines when it was not expected. */
  detail?: string;
}

/** What the load knows about one bookmark, application, job or saved search. */
export type Certainty = 'known' | 'unknown';

export interface Ledger {
  users: Map<string, { id: string; username: string; token: string; ip: string }>;
  /** Registrations whose answer was lost (5xx, no answer): the user may or may not exist. */
  uncertainUsers: Set<string>;
  /** `userId|jobId` → present, absent or unknown (the last call's answer was lost). */
  bookmarks: Map<string, 'present' | 'absent' | 'unknown'>;
  applications: Map<
    string,
    { userId: string; jobId: string; status: string; changes: number; uncertain: number }
  >;
  /** Per user: application creations whose answer was lost. */
  uncertainApplications: Map<string, number>;
  /**
   * Jobs the administrator created: last acknowledged state and title, each known for certain
   * until a call that would change it loses its answer (an edit acknowledged after a lost delete
   * makes the title certain, not whether the job is deleted).
   */
  adminJobs: Map<
    string,
    {
      state: 'active' | 'deleted' | 'purged';
      title: string;
      certain: boolean;
      stateCertain: boolean;
    }
  >;
  /** Titles of acknowledged public posts; posts whose answer was lost. */
  publicPosts: Set<string>;
  uncertainPosts: Set<string>;
  savedSearches: Map<string, { userId: string; name: string }>;
  uncertainSavedSearches: number;
}

export function emptyLedger(): Ledger {
  return {
    users: new Map(),
    uncertainUsers: new Set(),
    bookmarks: new Map(),
    applications: new Map(),
    uncertainApplications: new Map(),
    adminJobs: new Map(),
    publicPosts: new Set(),
    uncertainPosts: new Set(),
    savedSearches: new Map(),
    uncertainSavedSearches: 0,
  };
}

const STATUSES = ['applied', 'under_review', 'interview_scheduled', 'rejected', 'offer_received'];
const METHODS = ['company_website', 'email', 'portal', 'recruiter', 'referral', 'other'];
const USER_PASSWORD = 'Chaos1$Monkey';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const word = () => randomBytes(4).toString('hex');
/**
 * What a job is about: each job's title names one, and each saved search looks for one, so a new
 * job matches about a tenth of the searches, as a real search's keywords select (a search that
 * matched every job would make each post an alert for every user).
 */
const TOPICS = [
  'cybersecurity',
  'medicaid',
  'transit',
  'grants',
  'defense',
  'cloud',
  'education',
  'water',
  'energy',
  'payroll',
];
/** Searches one seeker saves at most: a few, as a real user keeps. */
const SEARCHES_PER_SEEKER = 3;
/** A client address of its own (198.18.0.0/15, benchmarking): each caller has its own budgets. */
const address = () => `198.18.${randomBytes(1)[0]}.${((randomBytes(1)[0] ?? 0) % 254) + 1}`;

/** `GET /api/jobs/1f0c…` → `GET /api/jobs/:id`; a text search keeps `?search`. */
export function routeOf(method: string, path: string): string {
  const [pathname = '', query = ''] = path.split('?');
  const generic = pathname
    .split('/')
    .map((part) => (/^[0-9a-f-]{16,}$/i.test(part) ? ':id' : part))
    .join('/');
  const search = new URLSearchParams(query).get('search') ? '?search' : '';
  const force = new URLSearchParams(query).get('force') ? '?force' : '';
  return `${method} ${generic}${search}${force}`;
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

export class LoadClient {
  readonly outcomes: Outcome[] = [];
  /** The fault under way or recovering (set by the fault sequence). */
  fault: string | undefined;

  constructor(private readonly baseUrl: string) {}

  async call(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; cookie?: string; ip?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'X-Forwarded-For': options.ip ?? address() };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.cookie) headers.cookie = options.cookie;
    let answer: Answer;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      answer = { status: response.status, body, headers: response.headers };
    } catch {
      // No answer at all (refused, reset, timed out): its outcome is unknown, like a 5xx's.
      answer = { status: 0, body: undefined, headers: new Headers() };
    }
    this.outcomes.push({
      route: routeOf(method, path),
      status: answer.status,
      fault: this.fault,
      at: Date.now(),
      ...(answer.status === 503 ? { detail: detailOf(answer) } : {}),
    });
    return answer;
  }
}

function detailOf(answer: Answer): string {
  const message = (answer.body as { error?: { message?: string } } | undefined)?.error?.message;
  return `${answer.headers.get('x-request-id') ?? 'no request id'}: ${message ?? 'no message'}`;
}

const acknowledged = (status: number) => status >= 200 && status < 300;
/** No answer or a server error: the change may or may not have happened. */
const lost = (status: number) => status === 0 || status >= 500;

export interface LoadContext {
  client: LoadClient;
  ledger: Ledger;
  /** A word every job of this run carries in its title (its saved searches look for it and a topic). */
  runWord: string;
  /** Ids of jobs users may bookmark and apply to. */
  jobIds: string[];
  adminPassword: string;
  running: () => boolean;
  /** A pause between one caller's calls. */
  thinkMs: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers a user; returns it once acknowledged (retrying with a new name otherwise). */
async function register(ctx: LoadContext) {
  const { client, ledger } = ctx;
  while (ctx.running()) {
    const username = `chaos_${word()}`;
    const ip = address();
    const answer = await client.call('POST', '/api/auth/register', {
      ip,
      body: {
        username,
        email: `${username}@chaos.example.com`,
        password: USER_PASSWORD,
        confirmPassword: USER_PASSWORD,
        firstName: 'Chaos',
        lastName: 'Monkey',
      },
    });
    if (acknowledged(answer.status)) {
      const { token, user } = answer.body as { token: string; user: { id: string } };
      const entry = { id: user.id, username, token, ip };
      ledger.users.set(username, entry);
      return entry;
    }
    if (lost(answer.status)) ledger.uncertainUsers.add(username);
    await pause(500);
  }
  return undefined;
}

/** One signed-in job seeker: bookmarks, applications, saved searches, reads, sign-ins. */
export async function seeker(ctx: LoadContext): Promise<void> {
  const { client, ledger } = ctx;
  const user = await register(ctx);
  if (!user) return;
  const mine: string[] = [];
  let searches = 0;
  while (ctx.running()) {
    await pause(ctx.thinkMs);
    const roll = Math.random();
    const auth = { token: user.token, ip: user.ip };
    if (roll < 0.3) {
      const jobId = pick(ctx.jobIds);
      const key = `${user.id}|${jobId}`;
      const answer = await client.call('POST', '/api/user/bookmarks', {
        ...auth,
        body: { jobId },
      });
      if (acknowledged(answer.status)) ledger.bookmarks.set(key, 'present');
      else if (lost(answer.status)) ledger.bookmarks.set(key, 'unknown');
    } else if (roll < 0.45) {
      const present = [...ledger.bookmarks.entries()].filter(
        ([key, state]) => key.startsWith(`${user.id}|`) && state !== 'absent',
      );
      if (present.length === 0) continue;
      const [key] = pick(present);
      const jobId = key.split('|')[1] as string;
      const answer = await client.call('DELETE', `/api/user/bookmarks/${jobId}`, auth);
      if (acknowledged(answer.status)) ledger.bookmarks.set(key, 'absent');
      else if (lost(answer.status)) ledger.bookmarks.set(key, 'unknown');
    } else if (roll < 0.58) {
      const jobId = pick(ctx.jobIds);
      const answer = await client.call('POST', '/api/user/applications', {
        ...auth,
        body: { jobId, applicationMethod: pick(METHODS), notes: `chaos ${word()}` },
      });
      if (acknowledged(answer.status)) {
        const { id, status } = answer.body as { id: string; status: string };
        ledger.applications.set(id, { userId: user.id, jobId, status, changes: 0, uncertain: 0 });
        mine.push(id);
      } else if (lost(answer.status))
        ledger.uncertainApplications.set(
          user.id,
          (ledger.uncertainApplications.get(user.id) ?? 0) + 1,
        );
    } else if (roll < 0.72) {
      if (mine.length === 0) continue;
      const id = pick(mine);
      const application = ledger.applications.get(id);
      if (!application) continue;
      const status = pick(STATUSES.filter((s) => s !== application.status));
      const answer = await client.call('PATCH', `/api/user/applications/${id}`, {
        ...auth,
        body: { status },
      });
      if (acknowledged(answer.status)) {
        const now = (answer.body as { status: string }).status;
        if (now !== application.status) application.changes += 1;
        application.status = now;
      } else if (lost(answer.status)) application.uncertain += 1;
    } else if (roll < 0.76) {
      if (searches >= SEARCHES_PER_SEEKER) continue;
      searches += 1;
      const name = `chaos-search-${word()}`;
      const answer = await client.call('POST', '/api/user/saved-searches', {
        ...auth,
        body: { name, query: { search: `${ctx.runWord} ${pick(TOPICS)}` }, frequency: 'instant' },
      });
      if (acknowledged(answer.status)) {
        const { id } = answer.body as { id: string };
        ledger.savedSearches.set(id, { userId: user.id, name });
      } else if (lost(answer.status)) ledger.uncertainSavedSearches += 1;
    } else if (roll < 0.79) {
      const answer = await client.call('POST', '/api/auth/login', {
        ip: user.ip,
        body: { emailOrUsername: user.username, password: USER_PASSWORD },
      });
      if (acknowledged(answer.status)) user.token = (answer.body as { token: string }).token;
    } else if (roll < 0.84) {
      // The page's beacon: Node's fetch is a bot to analytics, so this checks answers, not counts.
      const jobId = pick(ctx.jobIds);
      await client.call('POST', '/api/analytics/events', {
        ip: user.ip,
        body: {
          events: [
            { type: 'page_view', path: '/jobs/:id' },
            { type: 'job_view', jobId, source: 'search' },
          ],
        },
      });
    } else {
      const reads = [
        '/api/user/bookmarks',
        '/api/user/applications',
        '/api/user/activity',
        '/api/user/stats',
        '/api/auth/verify',
        '/api/jobs',
        `/api/jobs?search=${ctx.runWord}`,
        '/api/jobs/featured',
        '/api/dns/check-email',
      ];
      await client.call('GET', pick(reads), auth);
    }
  }
}

/** An employer posting jobs on the public form, each from an address of its own. */
export async function employer(ctx: LoadContext): Promise<void> {
  const { client, ledger } = ctx;
  while (ctx.running()) {
    await pause(ctx.thinkMs * 4);
    const title = `Capture Manager ${ctx.runWord} ${pick(TOPICS)} ${word()}`;
    const answer = await client.call('POST', '/api/jobs', {
      body: {
        title,
        company: 'Chaos Federal Partners',
        location: 'Arlington, VA',
        description: `Lead capture for civilian agency programs (${ctx.runWord}).`,
        url: `https://careers.chaos.example.com/jobs/${word()}`,
        sector: 'FEDERAL',
        jobFunction: 'sales',
        isAgencyRole: false,
      },
    });
    if (acknowledged(answer.status)) {
      ledger.publicPosts.add(title);
      ctx.jobIds.push((answer.body as { id: string }).id);
    } else if (lost(answer.status)) ledger.uncertainPosts.add(title);
  }
}

/** The administrator: creates, edits, deletes, restores and purges jobs. */
export async function administrator(ctx: LoadContext): Promise<void> {
  const { client, ledger } = ctx;
  let cookie: string | undefined;
  const signIn = async () => {
    const answer = await client.call('POST', '/api/admin/login', {
      body: { password: ctx.adminPassword },
    });
    cookie = acknowledged(answer.status)
      ? (answer.headers.get('set-cookie') ?? '').split(';')[0]
      : undefined;
  };
  const body = (title: string) => ({
    title,
    company: 'Chaos Systems Integrator',
    location: 'Reston, VA',
    url: `https://jobs.chaos.example.com/${word()}`,
    sector: 'FEDERAL',
    employerType: 'INTEGRATOR',
    jobFunction: 'technical',
  });
  while (ctx.running()) {
    await pause(ctx.thinkMs * 2);
    if (!cookie) {
      await signIn();
      continue;
    }
    const jobs = [...ledger.adminJobs.entries()].filter(([, job]) => job.state !== 'purged');
    const of = (state: 'active' | 'deleted') => jobs.filter(([, job]) => job.state === state);
    const roll = Math.random();
    let answer: Answer | undefined;
    if (roll < 0.3 || jobs.length < 3) {
      const title = `Solutions Architect ${ctx.runWord} ${pick(TOPICS)} ${word()}`;
      answer = await client.call('POST', '/api/admin/jobs', { cookie, body: body(title) });
      if (acknowledged(answer.status)) {
        const { id } = answer.body as { id: string };
        ledger.adminJobs.set(id, { state: 'active', title, certain: true, stateCertain: true });
        ctx.jobIds.push(id);
      } else if (lost(answer.status)) ledger.uncertainPosts.add(title);
    } else if (roll < 0.55 && of('active').length > 0) {
      const [id, job] = pick(of('active'));
      const title = `Solutions Architect ${ctx.runWord} ${pick(TOPICS)} ${word()}`;
      answer = await client.call('PUT', `/api/admin/jobs/${id}`, { cookie, body: body(title) });
      if (acknowledged(answer.status)) Object.assign(job, { title, certain: true });
      else if (lost(answer.status)) job.certain = false;
    } else if (roll < 0.75 && of('active').length > 0) {
      const [id, job] = pick(of('active'));
      answer = await client.call('DELETE', `/api/admin/jobs/${id}`, { cookie });
      if (acknowledged(answer.status))
        Object.assign(job, { state: 'deleted', certain: true, stateCertain: true });
      else if (lost(answer.status)) Object.assign(job, { certain: false, stateCertain: false });
    } else if (roll < 0.88 && of('deleted').length > 0) {
      const [id, job] = pick(of('deleted'));
      answer = await client.call('PUT', `/api/admin/jobs/${id}/undelete`, { cookie });
      if (acknowledged(answer.status))
        Object.assign(job, { state: 'active', certain: true, stateCertain: true });
      else if (lost(answer.status)) Object.assign(job, { certain: false, stateCertain: false });
    } else if (of('deleted').length > 0) {
      const [id, job] = pick(of('deleted'));
      answer = await client.call('DELETE', `/api/admin/jobs/${id}?force=true`, { cookie });
      if (acknowledged(answer.status))
        Object.assign(job, { state: 'purged', certain: true, stateCertain: true });
      else if (lost(answer.status)) Object.assign(job, { certain: false, stateCertain: false });
    }
    if (answer?.status === 401) cookie = undefined;
  }
}
