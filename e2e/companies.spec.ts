import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './src/accessibility.js';
import { baseUrl, useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';
import { signInAsAdmin } from './src/users.js';

/** A company of the demo jobs; the test posts one more job of it, so it has one whatever ran before. */
const COMPANY = 'Keystone Federal Systems';
const SLUG = 'keystone-federal-systems';
/** A 1×1 PNG: the service re-encodes it to a WebP that the page shows. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const WAIT = { timeout: 15_000 };

/** The natural width of the company's logo once it has loaded (0 before; these tests compile without the DOM's types). */
const logoWidth = (page: Page) =>
  page.evaluate(`(() => {
    const img = document.querySelector('img[alt="${COMPANY} logo"]');
    return img && img.complete ? img.naturalWidth : 0;
  })()`);

describe('company pages', () => {
  const browser = useBrowser();

  it('when the admin uploads a logo and sets a description, then the company page shows the logo and its jobs, a job card leads there, and its first HTML carries the Organization', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word, { company: COMPANY, title: `Capture Director ${word}` });

    // The first HTML, before any script: the company's Organization with its open jobs (the
    // gateway keeps a page's lookup for a while, so a lookup from before the post may be served).
    const organization = async () => {
      const html = await (await fetch(`${baseUrl()}/companies/${SLUG}`)).text();
      const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
      return ld ? (JSON.parse(ld) as Record<string, unknown>) : undefined;
    };
    await expect
      .poll(async () => JSON.stringify(await organization()), { timeout: 45_000, interval: 2_000 })
      .toContain(job.title);
    expect(await organization()).toMatchObject({ '@type': 'Organization', name: COMPANY });

    // The admin edits the company on its page.
    await signInAsAdmin(page);
    await page.goto(`/companies/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: COMPANY }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Edit company' }).click();
    const form = page.getByRole('form', { name: 'Edit company' });
    await form.getByLabel('Description').fill(`Mission systems for civilian agencies (${word}).`);
    await form
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await form.getByRole('button', { name: 'Save company' }).click();
    await page.getByText('Company saved', { exact: true }).first().waitFor();
    await page.getByText(`Mission systems for civilian agencies (${word}).`).waitFor();

    // The logo is the re-encoded WebP, and it loads.
    const logo = page.getByRole('img', { name: `${COMPANY} logo` });
    expect(await logo.getAttribute('src')).toMatch(
      new RegExp(`^/api/companies/${SLUG}/logo/[0-9a-f]{64}\\.webp$`),
    );
    await expect.poll(() => logoWidth(page), WAIT).toBeGreaterThan(0);
    const jobs = page.getByRole('region', { name: `Open jobs at ${COMPANY}` });
    await jobs.getByRole('heading', { name: job.title }).waitFor(WAIT);

    // A visitor's job card leads to the company page, which shows the logo and the job.
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`/jobs?search=${word}`);
      const card = visitor
        .getByRole('listitem')
        .filter({ has: visitor.getByRole('heading', { name: job.title }) });
      await card.getByRole('link', { name: COMPANY, exact: true }).click(WAIT);
      await visitor.waitForURL(`**/companies/${SLUG}`);
      await visitor.getByRole('heading', { level: 1, name: COMPANY }).waitFor(WAIT);
      await visitor
        .getByRole('region', { name: `Open jobs at ${COMPANY}` })
        .getByRole('heading', { name: job.title })
        .waitFor(WAIT);
      await expect.poll(() => logoWidth(visitor), WAIT).toBeGreaterThan(0);
      expect(await visitor.getByRole('button', { name: 'Edit company' }).count()).toBe(0);
      expect(await accessibilityViolations(visitor)).toEqual([]);
    } finally {
      await visitor.context().close();
    }

    // The admin's page: no crash (a visitor's read of the companies an employer may edit is a 401).
    expect(browser.consoleErrors.filter((line) => line.startsWith('[pageerror]'))).toEqual([]);
  }, 120_000);

  it('when a visitor opens an unknown company, then the page says it has none', async () => {
    const { page } = browser;
    await page.goto(`/companies/no-such-company-${uniqueWord()}`);
    await page.getByRole('heading', { level: 1, name: 'Company not found' }).waitFor(WAIT);
  });
});
