import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';
import { newUser, registerThroughUi } from './src/users.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** True when the page is no wider than the screen (nothing to scroll sideways). */
const fitsTheScreen = async (page: Page) =>
  (await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')) === true;

describe('on a phone', () => {
  const browser = useBrowser();

  it('when a visitor uses the menu and the filter panel, then they reach /jobs and narrow it by sector, and no page scrolls sideways', async () => {
    const word = uniqueWord();
    const federal = await postJob(word);
    const state = await postJob(word, {
      title: `SLED Account Executive ${word}`,
      sector: 'STATE_LOCAL',
      location: 'Sacramento, CA',
    });
    const page = await browser.newPage(PHONE);

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find Your Next B2G Role' }).waitFor();
    expect(await fitsTheScreen(page)).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Jobs' })
      .click();
    await page.waitForURL('**/jobs');
    await page.getByRole('heading', { level: 1, name: 'B2G Jobs' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Mobile' }).count()).toBe(0);

    await page.getByPlaceholder('Jobs, Titles, Companies').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: state.title }).waitFor();
    expect(await page.getByRole('link', { name: federal.title }).isVisible()).toBe(true);
    expect(await fitsTheScreen(page)).toBe(true);

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Sector' }).click();
    await page.getByRole('option', { name: 'State & Local' }).click();
    await page.waitForURL(/sector=STATE_LOCAL/);
    // The list reloads for the filter: wait for its new answer, then only the state job is in it.
    await expect
      .poll(() => page.getByText('Showing 1 job (filtered)').isVisible(), { timeout: 15_000 })
      .toBe(true);
    // The cards follow the total in a render of their own.
    await page.getByRole('link', { name: state.title }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: federal.title }).count(), { timeout: 15_000 })
      .toBe(0);
    expect(await fitsTheScreen(page)).toBe(true);

    for (const path of ['/post-job', '/pricing', '/register', '/email-setup', '/landing']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await fitsTheScreen(page), path).toBe(true);
    }

    const user = newUser();
    await registerThroughUi(page, user);
    await page.getByText(`Welcome back, ${user.firstName}!`).waitFor();
    expect(await fitsTheScreen(page), '/dashboard').toBe(true);
    await page.goto('/profile');
    await page.getByLabel(/^First Name/).waitFor();
    expect(await fitsTheScreen(page), '/profile').toBe(true);
    await page.context().close();
  });
});
