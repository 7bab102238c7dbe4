import { JOBS_PAGE_LIMIT_DEFAULT } from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';
import { newUser, registerThroughUi } from './src/users.js';

describe('finding, bookmarking and posting jobs', () => {
  const browser = useBrowser();

  it('when a visitor searches from home with a function, then the jobs list is filtered to it', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word);
    await page.goto('/');
    await page.getByPlaceholder('Jobs, Companies, Location').fill(word);
    await page.getByRole('combobox', { name: 'Function' }).click();
    await page.getByRole('option', { name: 'Sales' }).click();
    await page.getByRole('button', { name: 'Search Jobs' }).click();
    await page.waitForURL(/\/jobs\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('search')).toBe(word);
    expect(url.searchParams.get('jobFunction')).toBe('sales');
    expect(url.searchParams.has('sector')).toBe(false);
    await expect
      .poll(() => page.getByRole('link', { name: job.title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('Showing 1 job (filtered)').isVisible()).toBe(true);
  });

  it('when a visitor opens a search, then the shell asks for its list and counts, once each, before the page code has run', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word);
    // Which scripts each request was made from (the call stack at fetch()), by path and query.
    const callers = new Map<string, string[]>();
    const requested: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', ({ request, initiator }) => {
      const url = new URL(request.url);
      const key = `${url.pathname}${url.search}`;
      requested.push(key);
      const scripts: string[] = [];
      for (let stack = initiator.stack; stack; stack = stack.parent)
        for (const frame of stack.callFrames)
          if (frame.url) scripts.push(new URL(frame.url).pathname);
      callers.set(key, scripts);
    });
    await page.goto(`/jobs?search=${word}&sector=all`);
    await expect
      .poll(() => page.getByRole('link', { name: job.title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.waitForLoadState('networkidle');

    const list = `/api/jobs?search=${word}&limit=${JOBS_PAGE_LIMIT_DEFAULT}`;
    const facets = `/api/jobs/facets?search=${word}`;
    expect(requested.filter((url) => url.startsWith('/api/jobs?'))).toEqual([list]);
    expect(requested.filter((url) => url.startsWith('/api/jobs/facets'))).toEqual([facets]);
    for (const read of [list, facets]) {
      // Made by the shell's bootstrap as it starts, with no frame of the public remote's code.
      expect(callers.get(read)).toContainEqual(expect.stringMatching(/^\/bootstrap\.\w+\.js$/));
      expect(callers.get(read)).not.toContainEqual(expect.stringMatching(/^\/mfe\//));
    }
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when a signed-out visitor bookmarks, then they are told to log in', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word);
    await page.goto(`/jobs?search=${word}`);
    await page.getByRole('button', { name: `Bookmark: ${job.title}` }).click();
    await expect
      .poll(() => page.getByText('Please login to bookmark jobs.').first().isVisible())
      .toBe(true);
  });

  it('when a signed-in user bookmarks a job, then it stays bookmarked after a reload and shows on the dashboard', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word);
    await registerThroughUi(page, newUser());
    await page.goto(`/jobs?search=${word}`);
    await page.getByRole('button', { name: `Bookmark: ${job.title}` }).click();
    await expect.poll(() => page.getByText('Job bookmarked!').first().isVisible()).toBe(true);

    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: `Remove bookmark: ${job.title}` }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Saved Jobs' }).click();
    await expect.poll(() => page.getByText(job.title).isVisible(), { timeout: 15_000 }).toBe(true);
  });

  it('when an employer posts a job, then it appears in the list and in search', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const title = `SLED Account Executive ${word}`;
    await page.goto('/post-job');
    await page.getByLabel(/^Job Title/).fill(title);
    await page.getByLabel(/^Company/).fill('Granite State Software');
    await page.getByLabel(/^Location/).fill('Austin, TX');
    await page
      .getByLabel(/^Description/)
      .fill(`Sell to state and local agencies across Texas (${word}).`);
    await page.getByLabel(/^Application URL/).fill(`https://jobs.granitestate.example.com/${word}`);
    await page.getByRole('combobox', { name: /^Sector/ }).click();
    await page.getByRole('option', { name: 'State & Local' }).click();
    await page.getByLabel('I confirm this is a B2G opportunity').check();
    await page.getByRole('button', { name: 'Post Job' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Post Another Job' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    await page.goto(`/jobs?search=${word}`);
    await expect
      .poll(() => page.getByRole('link', { name: title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.goto('/jobs');
    await expect
      .poll(() => page.getByRole('link', { name: title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
  });
});
