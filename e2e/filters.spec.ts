import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accessibilityViolations } from './src/accessibility.js';
import { useBrowser } from './src/browser.js';
import { postJob, uniqueWord } from './src/jobs.js';

/** The number an option's label ends with: "Secret (2)" → 2. */
const countOf = (label: string) => Number(/\((\d+)\)$/.exec(label.trim())?.[1] ?? Number.NaN);

const cardsShown = (page: Page) => page.getByRole('link', { name: /^Apply Now/ }).count();

/**
 * Chooses the option of `select` whose label starts with `label`, and checks that the count it
 * showed is the number of cards and the total the list then shows.
 */
async function chooseCounted(page: Page, select: string, label: string): Promise<number> {
  await page.getByRole('combobox', { name: select }).click();
  const option = page.getByRole('option', { name: new RegExp(`^${escape(label)} \\(\\d+\\)$`) });
  const count = countOf(await option.innerText());
  await option.click();
  await expect
    .poll(
      () => page.getByText(`Showing ${count} job${count === 1 ? '' : 's'} (filtered)`).count(),
      {
        timeout: 15_000,
      },
    )
    .toBe(1);
  // The cards follow the total in a render of their own.
  await expect.poll(() => cardsShown(page), { timeout: 15_000 }).toBe(count);
  return count;
}

const escape = (text: string) => text.replace(/[$+.()[\]\\^*?{}|]/g, '\\$&');

describe('B2G filters: clearance and salary', () => {
  const browser = useBrowser();

  it('when a visitor narrows by clearance and then by minimum salary, then each option count equals the cards and total shown', async () => {
    const { page } = browser;
    const word = uniqueWord();
    // No clearance (counts as none), 90k a year.
    await postJob(word, { title: `Capture Lead ${word}`, salaryMin: 90_000 });
    // Secret, 65–80 an hour: 166,400 a year at the top.
    await postJob(word, {
      title: `Solutions Engineer ${word}`,
      clearance: 'secret',
      salaryMin: 65,
      salaryMax: 80,
      salaryPeriod: 'hour',
    });
    // Top Secret with a polygraph, 150k–180k a year.
    await postJob(word, {
      title: `Cleared Account Executive ${word}`,
      clearance: 'top_secret',
      polygraph: 'full_scope',
      salaryMin: 150_000,
      salaryMax: 180_000,
      salaryPeriod: 'year',
      closingDate: '2099-06-30',
    });
    // TS/SCI without pay.
    await postJob(word, { title: `Program Manager ${word}`, clearance: 'ts_sci' });

    await page.goto(`/jobs?search=${word}`);
    await expect
      .poll(() => page.getByText('Showing 4 jobs (filtered)').isVisible(), { timeout: 15_000 })
      .toBe(true);
    const cleared = page
      .getByRole('listitem')
      .filter({ hasText: `Cleared Account Executive ${word}` });
    // The cards follow the total in a render of their own.
    await cleared.waitFor();
    expect(await cleared.getByText('$150k–$180k a year').isVisible()).toBe(true);
    expect(await cleared.getByText('Top Secret clearance · Full Scope Polygraph').isVisible()).toBe(
      true,
    );
    expect(await cleared.getByText('Closes Jun 30, 2099').isVisible()).toBe(true);

    await page.getByRole('button', { name: /Filters/ }).click();
    // The panel loads when it first opens: check it once its selects are there.
    await page.getByRole('combobox', { name: 'Your clearance' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // "At most Secret": the job without a clearance and the Secret one.
    expect(await chooseCounted(page, 'Your clearance', 'Secret')).toBe(2);
    expect(new URL(page.url()).searchParams.get('clearance')).toBe('secret');
    expect(await page.getByRole('link', { name: `Program Manager ${word}` }).count()).toBe(0);

    // $100k+ a year among those: only the hourly job (166,400 a year at its top).
    expect(await chooseCounted(page, 'Minimum salary', '$100k+ a year')).toBe(1);
    expect(new URL(page.url()).searchParams.get('salaryMin')).toBe('100000');
    expect(await page.getByRole('link', { name: `Solutions Engineer ${word}` }).isVisible()).toBe(
      true,
    );

    // Widening the clearance again counts with the salary filter kept.
    expect(await chooseCounted(page, 'Your clearance', 'TS/SCI')).toBe(2);

    // The URL carries the filters: a reload shows the same list.
    await page.reload();
    await expect
      .poll(() => page.getByText('Showing 2 jobs (filtered)').isVisible(), { timeout: 15_000 })
      .toBe(true);
  });
});
