// `node scripts/pnpm.mjs screenshots`: the pictures of every public page at desktop and phone size
// (docs/screenshots.md, the README shows a few), taken from the running system with Debian's
// Chromium so they show what a visitor sees today. It starts a system of its own (spare ports, its
// own databases and RabbitMQ virtual host, demo data), goes through the mailed links a visitor, a
// user and an employer get (alert, password reset, employer sign-in), signs in as the admin, and
// writes docs/screenshots/{page}-{desktop,phone}.png.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, dropDatabases, ensureChromium } from '../../infra/src/index.js';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import sharp from 'sharp';
import { buildIfStale, startSystem } from '../../scripts/system.js';
import { CHROMIUM_FLAGS } from './browser.js';
import { postThroughForm, postingItem, signInLinkOf } from './employer.js';
import { newUser, registerThroughUi, resetLinkOf, signInAsAdmin, waitForMail } from './users.js';

const OUT = join(REPO_ROOT, 'docs', 'screenshots');
const GATEWAY_PORT = Number(process.env.SCREENSHOTS_PORT ?? 19_080);
/** Mail passes an outbox relay and a consumer per hop, which takes a while on a busy machine. */
const MAIL_WAIT_MS = 90_000;
const log = (line: string) => console.error(`[screenshots] ${line}`);

const SIZES = {
  desktop: { viewport: { width: 1280, height: 860 } },
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
} satisfies Record<string, BrowserContextOptions>;

/** Who looks at a page: a signed-out visitor, or the session a setup step left behind. */
type Viewer = 'visitor' | 'user' | 'employer' | 'admin';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Shot {
  /** The file name's first part: docs/screenshots/{name}-{size}.png. */
  name: string;
  viewer: Viewer;
  /** Opens the page and waits until what it shows has settled. */
  open: (page: Page) => Promise<void>;
}

/** Opens `path` and waits for its page heading (level 1, `name` when given). */
const withHeading =
  (path: string, name?: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, ...(name ? { name, exact: true } : {}) }).waitFor();
  };

/** Opens `path` and waits for `text` to show. */
const withText =
  (path: string, text: string) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    await page.getByText(text, { exact: true }).first().waitFor();
  };

/**
 * The path and fragment of a link to the page at `path` in a decoded e-mail (its origin is the
 * system's public address); not the one-click API link of the same name.
 */
function linkIn(mail: string, path: string): string {
  const link = new RegExp(`https?://[^/\\s"<>]+(${path}#token=[^\\s"<>&]+)`).exec(mail)?.[1];
  if (!link) throw new Error(`the e-mail carries no ${path} link`);
  return link;
}

async function newPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  return (await browser.newContext(options)).newPage();
}

const executablePath = await ensureChromium(log);
await buildIfStale(log);
const run = randomBytes(4).toString('hex');
const mailDir = mkdtempSync(join(tmpdir(), 'b2g-shots-mail-'));
const adminPassword = `shots-admin-${run}`;
log('Starting the system with demo data');
const system = await startSystem({
  gatewayPort: GATEWAY_PORT,
  servicesBasePort: GATEWAY_PORT - 80,
  dbPrefix: `shots_${run}_`,
  amqpVhost: `shots_${run}`,
  mailDir,
  adminPassword,
  log: () => undefined,
  stopInfrastructure: false,
});
process.env.E2E_ADMIN_PASSWORD = adminPassword;
const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
const base = { baseURL: system.url, viewport: SIZES.desktop.viewport };

/** A job and its company from the demo data, as a visitor reaches them from /jobs. */
async function demoJobAndCompany(): Promise<{ job: string; company: string }> {
  const page = await newPage(browser, base);
  await page.goto('/jobs');
  const job = await page.getByRole('link', { name: 'Details' }).first().getAttribute('href');
  if (!job) throw new Error('no job card on /jobs');
  await page.goto(job);
  const company = await page.locator('main a[href^="/companies/"]').first().getAttribute('href');
  if (!company) throw new Error(`no company link on ${job}`);
  return { job, company };
}

/** A user who bookmarked two jobs, with the link of the password-reset e-mail they asked for. */
async function userWithBookmarks(): Promise<{ state: StorageState; resetLink: string }> {
  const page = await newPage(browser, base);
  const user = newUser();
  await registerThroughUi(page, user);
  await page.goto('/jobs');
  for (const index of [0, 1])
    await page
      .getByRole('button', { name: /^Bookmark: / })
      .nth(index)
      .click();
  await page
    .getByRole('button', { name: /^Remove bookmark: / })
    .nth(1)
    .waitFor();
  const reset = await fetch(`${system.url}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email }),
  });
  if (!reset.ok) throw new Error(`forgot-password answered ${reset.status}`);
  const resetLink = new URL(
    resetLinkOf(await waitForMail(mailDir, user.email, MAIL_WAIT_MS, '/reset-password?token=')),
  );
  return {
    state: await page.context().storageState(),
    resetLink: resetLink.pathname + resetLink.search,
  };
}

/**
 * A visitor's confirmed alert for a search, then an employer's post that matches it: the alert's
 * links (confirm, manage, unsubscribe) and the employer signed in with their mailed link.
 */
async function alertAndEmployer() {
  const page = await newPage(browser, base);
  const alertEmail = 'dana.reyes@example.com';
  await page.goto('/jobs?search=capture');
  await page.getByRole('button', { name: 'Get alerts for this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get alerts for this search' });
  await dialog.getByLabel('Email').fill(alertEmail);
  await dialog.getByRole('combobox', { name: 'How often' }).click();
  await page.getByRole('option', { name: 'Instant' }).click();
  await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
  await dialog.getByText('Check your e-mail').waitFor();
  const confirm = linkIn(
    await waitForMail(mailDir, alertEmail, MAIL_WAIT_MS, 'Confirm your alert'),
    '/alerts/confirm',
  );
  await page.goto(confirm);
  await page.getByText('Your alert is on').waitFor();

  const employerEmail = 'hiring@beaconfederal.example.com';
  const title = 'Capture Manager, Civilian Agencies';
  await postThroughForm(page, title, employerEmail);
  const alert = await waitForMail(mailDir, alertEmail, MAIL_WAIT_MS, title);
  const signIn = await waitForMail(
    mailDir,
    employerEmail,
    MAIL_WAIT_MS,
    'Sign in to manage your postings',
  );
  await page.goto(signInLinkOf(signIn));
  await postingItem(page, title).waitFor({ timeout: 20_000 });
  return {
    confirm,
    manage: linkIn(alert, '/alerts/manage'),
    unsubscribe: linkIn(alert, '/alerts/unsubscribe'),
    employerTitle: title,
    employer: await page.context().storageState(),
  };
}

async function adminSession(): Promise<StorageState> {
  const page = await newPage(browser, base);
  await signInAsAdmin(page);
  return page.context().storageState();
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready.then(() => true)');
  // A palette PNG: a fifth to a third of the bytes, with no difference a reader of the docs sees.
  await sharp(await page.screenshot())
    .png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 })
    .toFile(join(OUT, `${name}.png`));
  log(`docs/screenshots/${name}.png`);
}

try {
  mkdirSync(OUT, { recursive: true });
  log('Going through the visitor, user, employer and admin steps the pages need');
  const demo = await demoJobAndCompany();
  const user = await userWithBookmarks();
  const links = await alertAndEmployer();
  const states: Record<Exclude<Viewer, 'visitor'>, StorageState> = {
    user: user.state,
    employer: links.employer,
    admin: await adminSession(),
  };

  const shots: Shot[] = [
    {
      name: 'home',
      viewer: 'visitor',
      open: withHeading('/', 'Find Your Next B2G Role'),
    },
    {
      name: 'jobs',
      viewer: 'visitor',
      open: async (page) => {
        await page.goto('/jobs');
        await page
          .getByRole('button', { name: /^Bookmark: / })
          .first()
          .waitFor();
      },
    },
    { name: 'job', viewer: 'visitor', open: withHeading(demo.job) },
    { name: 'company', viewer: 'visitor', open: withHeading(demo.company) },
    { name: 'post-job', viewer: 'visitor', open: withHeading('/post-job', 'Post a Job') },
    { name: 'pricing', viewer: 'visitor', open: withHeading('/pricing', 'Pricing') },
    { name: 'contact', viewer: 'visitor', open: withHeading('/contact', 'Contact') },
    { name: 'register', viewer: 'visitor', open: withHeading('/register', 'Create Account') },
    { name: 'login', viewer: 'visitor', open: withHeading('/login', 'Sign In') },
    {
      name: 'forgot-password',
      viewer: 'visitor',
      open: withHeading('/forgot-password', 'Forgot your password?'),
    },
    {
      name: 'reset-password',
      viewer: 'visitor',
      open: withHeading(user.resetLink, 'Reset your password'),
    },
    { name: 'alert-confirm', viewer: 'visitor', open: withText(links.confirm, 'Your alert is on') },
    { name: 'alert-manage', viewer: 'visitor', open: withText(links.manage, 'Pause alert') },
    {
      name: 'alert-unsubscribe',
      viewer: 'visitor',
      open: withHeading(links.unsubscribe, 'Unsubscribe from this alert'),
    },
    { name: 'employer', viewer: 'visitor', open: withHeading('/employer', 'Manage your postings') },
    {
      name: 'employer-sign-in',
      viewer: 'visitor',
      open: withHeading('/employer/sign-in', 'Sign in to manage your postings'),
    },
    {
      name: 'employer-postings',
      viewer: 'employer',
      open: async (page) => {
        await page.goto('/employer');
        await postingItem(page, links.employerTitle).waitFor();
      },
    },
    {
      name: 'employer-extend',
      viewer: 'visitor',
      open: withHeading('/employer/extend', 'The posting was not extended'),
    },
    {
      name: 'email-setup',
      viewer: 'visitor',
      open: withHeading('/email-setup', 'Email DNS Setup'),
    },
    { name: 'landing', viewer: 'visitor', open: withHeading('/landing', 'Launching in 2026') },
    {
      name: 'not-found',
      viewer: 'visitor',
      open: withHeading('/no-such-page', '404 Page Not Found'),
    },
    {
      name: 'dashboard',
      viewer: 'user',
      open: async (page) => {
        await page.goto('/dashboard?tab=saved');
        await page.getByRole('list', { name: 'Saved jobs' }).getByRole('heading').nth(1).waitFor();
      },
    },
    { name: 'admin-login', viewer: 'visitor', open: withHeading('/admin/login', 'Admin Login') },
    { name: 'admin', viewer: 'admin', open: withHeading('/admin/jobs') },
  ];

  for (const [size, options] of Object.entries(SIZES)) {
    const pages = new Map<Viewer, Page>();
    for (const { name, viewer, open } of shots) {
      let page = pages.get(viewer);
      if (!page) {
        const storageState = viewer === 'visitor' ? undefined : states[viewer];
        page = await newPage(browser, { ...options, baseURL: system.url, storageState });
        pages.set(viewer, page);
      }
      await open(page);
      await shot(page, `${name}-${size}`);
    }
  }
} finally {
  await browser.close();
  await system.stop();
  await dropDatabases(system.infra.mongoUrl, `shots_${run}_`);
  rmSync(mailDir, { recursive: true, force: true });
}
