// `node scripts/pnpm.mjs screenshots`: the README's pictures of the main pages, taken from the
// running system with Debian's Chromium so they show what a visitor sees today. It starts a system
// of its own (spare ports, its own databases and RabbitMQ virtual host, demo data), signs up a user
// who bookmarks two jobs, signs in as the admin, and writes docs/screenshots/*.png.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, dropDatabases, ensureChromium } from '../../infra/src/index.js';
import { chromium, type Page } from 'playwright-core';
import { buildIfStale, startSystem } from '../../scripts/system.js';
import { CHROMIUM_FLAGS } from './browser.js';
import { newUser, registerThroughUi, signInAsAdmin } from './users.js';

const OUT = join(REPO_ROOT, 'docs', 'screenshots');
const GATEWAY_PORT = Number(process.env.SCREENSHOTS_PORT ?? 19_080);
const log = (line: string) => console.error(`[screenshots] ${line}`);

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

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  log(`docs/screenshots/${name}.png`);
}

/** Takes the shot of /jobs once its first job card is there. */
async function shotOfJobs(page: Page, name: string) {
  await page.goto('/jobs');
  await page
    .getByRole('button', { name: /^Bookmark: / })
    .first()
    .waitFor();
  await shot(page, name);
}

try {
  mkdirSync(OUT, { recursive: true });
  const desktop = { baseURL: system.url, viewport: { width: 1280, height: 860 } };
  const visitor = await (await browser.newContext(desktop)).newPage();
  await visitor.goto('/');
  await visitor.getByRole('heading', { level: 1 }).waitFor();
  await shot(visitor, 'home');
  await shotOfJobs(visitor, 'jobs');

  const user = newUser();
  await registerThroughUi(visitor, user);
  await visitor.goto('/jobs');
  for (const index of [0, 1]) {
    await visitor
      .getByRole('button', { name: /^Bookmark: / })
      .nth(index)
      .click();
  }
  await visitor
    .getByRole('button', { name: /^Remove bookmark: / })
    .nth(1)
    .waitFor();
  await visitor.goto('/dashboard');
  await visitor.getByRole('heading', { name: `Welcome back, ${user.firstName}!` }).waitFor();
  await visitor.getByRole('tab', { name: 'Saved Jobs' }).click();
  await visitor.getByRole('list', { name: 'Saved jobs' }).getByRole('heading').nth(1).waitFor();
  await shot(visitor, 'dashboard');

  const admin = await (await browser.newContext(desktop)).newPage();
  await signInAsAdmin(admin);
  await admin.getByRole('heading', { level: 1 }).waitFor();
  await shot(admin, 'admin');

  const phone = await (
    await browser.newContext({
      baseURL: system.url,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    })
  ).newPage();
  await shotOfJobs(phone, 'jobs-phone');
} finally {
  await browser.close();
  await system.stop();
  await dropDatabases(system.infra.mongoUrl, `shots_${run}_`);
  rmSync(mailDir, { recursive: true, force: true });
}
