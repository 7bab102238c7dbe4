import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './src/accessibility.js';
import { useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';
import { registerSignedOutUser, signInThroughUi } from './src/users.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const WAIT = { timeout: 15_000 };

const scrollY = async (page: Page) => Number(await page.evaluate('Math.round(window.scrollY)'));
const topOf = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

/** A description as employers write them: an introduction, then sections with bullet lines. */
const LONG_DESCRIPTION = [
  'Beacon Federal Partners supports civilian agencies with cloud and data programs.',
  '',
  'Responsibilities',
  ...Array.from({ length: 8 }, (_, n) => `- Lead capture step ${n + 1} with agency stakeholders`),
  '',
  'Qualifications',
  ...Array.from({ length: 8 }, (_, n) => `- Qualification ${n + 1}: federal sales experience`),
].join('\n');

describe('the job page and moving between pages', () => {
  const browser = useBrowser();

  it('when a visitor scrolls /jobs and opens a job, then its page starts at the top; Back returns the list to where it was', async () => {
    const word = uniqueWord();
    for (let n = 0; n < 6; n++) await postJob(word, { title: `Capture Lead ${n} ${word}` });
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/jobs?search=${word}`);
    await expect.poll(() => page.getByText('Showing 6 jobs').isVisible(), WAIT).toBe(true);
    // The list is whole (every card, the companies' logos) before the position is taken: content
    // arriving later would move the page under the reading.
    await page.waitForLoadState('networkidle');

    const details = page.getByRole('link', { name: 'Details', exact: true }).last();
    await details.scrollIntoViewIfNeeded();
    const listPosition = await scrollY(page);
    expect(listPosition).toBeGreaterThan(300);
    await details.click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    expect(await scrollY(page)).toBe(0);
    expect(await page.getByRole('link', { name: /Apply Now/ }).isVisible()).toBe(true);

    await page.goBack();
    await page.waitForURL(`**/jobs?search=${word}`);
    await expect.poll(() => scrollY(page), WAIT).toBe(listPosition);
    // Held there while the list's later cards arrive, with the job opened still in view.
    await page.getByText('Showing 6 jobs').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await scrollY(page)).toBe(listPosition);
    const box = await details.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect((box?.y ?? Number.POSITIVE_INFINITY) + (box?.height ?? 0)).toBeLessThanOrEqual(800);

    await page.goForward();
    await page.getByRole('heading', { level: 1 }).waitFor(WAIT);
    await expect.poll(() => scrollY(page), WAIT).toBe(0);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when a job page opens on a phone, then title, key facts and Apply Now come before the description and the other facts, and an Apply bar stays at the bottom once Apply Now is scrolled away', async () => {
    const word = uniqueWord();
    const job = await postJob(word, {
      description: LONG_DESCRIPTION,
      salaryMin: 150_000,
      salaryMax: 185_000,
      salaryPeriod: 'year',
      closingDate: '2099-06-30',
      employmentType: 'full_time',
      clearance: 'top_secret',
      polygraph: 'ci',
      customer: 'Department of Energy',
    });
    const page = await browser.newPage(PHONE);
    try {
      await page.goto(`/jobs/${job.id}`);
      const title = page.getByRole('heading', { level: 1, name: job.title });
      await title.waitFor(WAIT);
      const keyFacts = page.getByRole('definition').filter({ hasText: 'Top Secret' });
      const apply = page.getByRole('link', { name: /Apply Now/ });
      const description = page.getByRole('heading', { level: 2, name: 'About the job' });
      const details = page.getByRole('heading', { level: 2, name: 'Job details' });
      const order = await Promise.all([title, keyFacts, apply, description, details].map(topOf));
      expect(order).toEqual([...order].sort((a, b) => a - b));
      // The decision and the action are on the first screen.
      expect(await topOf(apply)).toBeLessThan(PHONE.viewport.height);
      expect(await page.getByText('CI Polygraph').isVisible()).toBe(true);
      expect(await page.getByText('$150k–$185k a year').isVisible()).toBe(true);
      expect(await page.getByRole('heading', { level: 3, name: 'Responsibilities' }).count()).toBe(
        1,
      );

      const bar = page.getByRole('region', { name: 'Apply' });
      expect(await bar.count()).toBe(0);
      await details.scrollIntoViewIfNeeded();
      await bar.waitFor(WAIT);
      const box = await bar.boundingBox();
      expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.viewport.height);
      expect(await bar.getByRole('link', { name: /Apply Now/ }).getAttribute('href')).toBe(
        `https://careers.beaconfederal.example.com/jobs/${word}`,
      );
      expect(await accessibilityViolations(page)).toEqual([]);

      await page.evaluate('window.scrollTo(0, 0)');
      await expect.poll(() => bar.count(), WAIT).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('when a visitor bookmarks signed out, then the toast offers Sign in, which comes back to the job', async () => {
    const { page } = browser;
    const user = await registerSignedOutUser(page);
    const word = uniqueWord();
    const job = await postJob(word);
    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Bookmark', exact: true }).click();
    await page.getByText('Please login to bookmark jobs.', { exact: true }).waitFor(WAIT);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`**/login?redirect=${encodeURIComponent(`/jobs/${job.id}`)}`);
    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL(`**/jobs/${job.id}`, WAIT);
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor(WAIT);
  });

  it('when a dashboard tab is chosen, then the address names it and a reload keeps it', async () => {
    const { page } = browser;
    const user = await registerSignedOutUser(page);
    await page.goto('/login');
    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL('**/dashboard', WAIT);
    const tab = (name: string) => page.getByRole('tab', { name });
    await tab('Overview').waitFor(WAIT);
    expect(await tab('Overview').getAttribute('aria-selected')).toBe('true');

    await tab('Applications').click();
    await page.waitForURL('**/dashboard?tab=applications');
    await page.reload();
    await tab('Applications').waitFor(WAIT);
    expect(await tab('Applications').getAttribute('aria-selected')).toBe('true');

    await tab('Saved Jobs').click();
    await page.waitForURL('**/dashboard?tab=saved');
    await tab('Overview').click();
    await page.waitForURL(/\/dashboard$/);
    expect(await tab('Overview').getAttribute('aria-selected')).toBe('true');
  });
});
