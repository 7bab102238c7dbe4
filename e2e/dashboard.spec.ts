import { describe, expect, it } from 'vitest';
import { useBrowser } from './src/browser.js';
import {
  activityTitlesOnReload,
  cardValue,
  DASHBOARD_WAIT,
  EVENT_WAIT,
  openFromAccountMenu,
  searchFromHeader,
  titlesIn,
} from './src/dashboard.js';
import { postJob, uniqueWord } from './src/jobs.js';
import { newUser, registerThroughUi, signInThroughUi } from './src/users.js';

describe('the signed-in user’s dashboard', () => {
  const browser = useBrowser();

  it('when a new user bookmarks two jobs and tracks an application, then the cards, tabs and activity show them, a status change counts as in progress, and a new first name reaches the header', async () => {
    const { page } = browser;
    const word = uniqueWord();
    const federal = await postJob(word);
    const state = await postJob(word, {
      title: `State Account Executive ${word}`,
      company: 'Capitol SLED Solutions',
      location: 'Austin, TX',
      sector: 'STATE_LOCAL',
    });
    const applied = await postJob(word, {
      title: `Cloud Solutions Architect ${word}`,
      company: 'Redstone Cloud Systems',
      location: 'Huntsville, AL',
      jobFunction: 'technical',
    });
    const user = newUser();

    // A new user lands on an empty dashboard.
    await registerThroughUi(page, user);
    await page.getByRole('heading', { name: `Welcome back, ${user.firstName}!` }).waitFor();
    expect(await cardValue(page, 'Saved Jobs')).toBe(0);
    expect(await cardValue(page, 'Total Applications')).toBe(0);
    await page
      .getByText('No recent activity. Start by browsing jobs or bookmarking positions!')
      .waitFor();

    // Through the header to /jobs (the app keeps running, with what it loaded so far): two bookmarks.
    await searchFromHeader(page, word);
    for (const job of [federal, state]) {
      await page.getByRole('button', { name: `Bookmark: ${job.title}` }).click();
      await page.getByRole('button', { name: `Remove bookmark: ${job.title}` }).waitFor();
    }

    // Back on the dashboard: the cards and the Saved Jobs tab count both.
    await openFromAccountMenu(page, user.firstName, 'Dashboard');
    await expect.poll(() => cardValue(page, 'Saved Jobs'), DASHBOARD_WAIT).toBe(2);
    expect(await cardValue(page, 'Total Applications')).toBe(0);
    expect(await cardValue(page, 'In Progress')).toBe(0);
    await page.getByRole('tab', { name: 'Saved Jobs' }).click();
    const saved = page.getByRole('list', { name: 'Saved jobs' });
    await expect
      .poll(() => titlesIn(saved), DASHBOARD_WAIT)
      .toEqual([federal.title, state.title].sort());

    // Track an application to the third job from the Applications tab.
    await page.getByRole('tab', { name: 'Applications' }).click();
    await page.getByText('No applications yet').waitFor();
    await page.getByRole('button', { name: 'Track an application' }).click();
    const track = page.getByRole('dialog', { name: 'Track an application' });
    await track.getByPlaceholder('Search jobs by title, company or keyword').fill(applied.title);
    await track
      .getByRole('list', { name: 'Matching jobs' })
      .getByRole('button', { name: applied.title })
      .click();
    await track.getByRole('combobox', { name: 'Application method' }).click();
    await page.getByRole('option', { name: 'Referral' }).click();
    expect(await track.getByRole('combobox', { name: 'Application method' }).textContent()).toBe(
      'Referral',
    );
    await track.getByLabel('Contact person').fill('Jordan Recruiter');
    await track.getByLabel('Notes').fill('Referred by a former colleague.');
    await track.getByRole('button', { name: 'Track Application' }).click();
    await page.getByText('Application tracked').first().waitFor();
    await track.waitFor({ state: 'detached' });

    const applications = page.getByRole('list', { name: 'Applications' });
    await expect.poll(() => titlesIn(applications), DASHBOARD_WAIT).toEqual([applied.title]);
    const application = applications.getByRole('listitem', { name: applied.title });
    expect(await application.getByText('Referred by a former colleague.').isVisible()).toBe(true);
    expect(await application.getByRole('combobox', { name: 'Status' }).textContent()).toBe(
      'Applied',
    );
    await expect.poll(() => cardValue(page, 'Total Applications'), DASHBOARD_WAIT).toBe(1);
    expect(await cardValue(page, 'In Progress')).toBe(0);
    expect(await cardValue(page, 'Saved Jobs')).toBe(2);

    // Under Review counts as in progress.
    await application.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Under Review' }).click();
    await page.getByText('Application updated').first().waitFor();
    await expect.poll(() => cardValue(page, 'In Progress'), DASHBOARD_WAIT).toBe(1);
    await expect
      .poll(
        () => application.getByRole('combobox', { name: 'Status' }).textContent(),
        DASHBOARD_WAIT,
      )
      .toBe('Under Review');
    expect(await cardValue(page, 'Total Applications')).toBe(1);

    // The activity feed is built from the four events through the bus, each with its details.
    const bookmarkedFederal = `Bookmarked ${federal.title}`;
    const bookmarkedState = `Bookmarked ${state.title}`;
    const appliedTo = `Applied to ${applied.title}`;
    const statusUpdated = `Status updated: ${applied.title}`;
    await expect
      .poll(() => activityTitlesOnReload(page), EVENT_WAIT)
      .toEqual([bookmarkedFederal, bookmarkedState, appliedTo, statusUpdated].sort());
    const feed = page.getByRole('list', { name: 'Activity' });
    const statusItem = feed.getByRole('listitem').filter({ hasText: statusUpdated });
    expect(
      await statusItem.getByText('Status changed from Applied to Under Review').isVisible(),
    ).toBe(true);
    expect(
      await feed
        .getByRole('listitem')
        .filter({ hasText: appliedTo })
        .getByText('Applied via Referral at Redstone Cloud Systems')
        .isVisible(),
    ).toBe(true);
    expect(await feed.getByRole('img', { name: 'Bookmark' }).count()).toBe(2);
    expect(await feed.getByRole('img', { name: 'Application' }).count()).toBe(2);

    // The overview shows the same four as recent activity, and the application by its status.
    await page.getByRole('tab', { name: 'Overview' }).click();
    const recent = page.getByRole('list', { name: 'Recent activity' });
    await recent.waitFor();
    expect(await recent.getByRole('listitem').count()).toBe(4);
    for (const title of [bookmarkedFederal, bookmarkedState, appliedTo, statusUpdated]) {
      expect(await recent.getByText(title, { exact: true }).isVisible()).toBe(true);
    }
    const byStatus = page.getByRole('list', { name: 'Applications by status' });
    expect(await byStatus.getByLabel('Under Review: 1').isVisible()).toBe(true);
    expect(await byStatus.getByLabel('Applied: 0').isVisible()).toBe(true);

    // A new first name on /profile reaches the header and the greeting.
    await openFromAccountMenu(page, user.firstName, 'Profile');
    const firstName = page.getByLabel(/^First Name/);
    expect(await firstName.inputValue()).toBe(user.firstName);
    await firstName.fill('Morgan');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated').first().waitFor();
    await page.getByRole('button', { name: 'Account menu for Morgan' }).waitFor();
    expect(
      await page.getByRole('button', { name: `Account menu for ${user.firstName}` }).count(),
    ).toBe(0);
    await openFromAccountMenu(page, 'Morgan', 'Dashboard');
    await page.getByRole('heading', { name: 'Welcome back, Morgan!' }).waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });

  it("when a signed-in user follows Apply Now and comes back to the tab, then 'Did you apply?' → Yes records an application that shows on the dashboard", async () => {
    const { page, context } = browser;
    const word = uniqueWord();
    const job = await postJob(word, { title: `Proposal Manager ${word}` });
    // The employer's page: a stand-in, the browser reaches no outside site.
    await context.route('https://careers.beaconfederal.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Apply at Beacon Federal</h1>' }),
    );
    const user = newUser();
    await registerThroughUi(page, user);
    await page.getByRole('heading', { name: `Welcome back, ${user.firstName}!` }).waitFor();

    await searchFromHeader(page, word);
    // The search finds this one job only: its card's Apply Now.
    await page.getByRole('heading', { name: job.title }).waitFor();
    const employerPage = context.waitForEvent('page');
    await page.getByRole('link', { name: /Apply Now/ }).click();
    const opened = await employerPage;
    await opened.getByRole('heading', { name: 'Apply at Beacon Federal' }).waitFor();
    // The user leaves this tab for the employer's page and comes back once done there: headless
    // Chromium keeps every page focused and visible, so the browser's own signals are sent here.
    await page.evaluate("window.dispatchEvent(new Event('blur'))");
    await opened.close();
    await page.bringToFront();
    await page.evaluate("window.dispatchEvent(new Event('focus'))");

    const prompt = page.getByRole('group', { name: /Did you apply\?/ });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Application tracked').first().waitFor();
    await prompt.waitFor({ state: 'detached' });

    await openFromAccountMenu(page, user.firstName, 'Dashboard');
    await expect.poll(() => cardValue(page, 'Total Applications'), DASHBOARD_WAIT).toBe(1);
    await page.getByRole('tab', { name: 'Applications' }).click();
    const applications = page.getByRole('list', { name: 'Applications' });
    await expect.poll(() => titlesIn(applications), DASHBOARD_WAIT).toEqual([job.title]);
    const application = applications.getByRole('listitem', { name: job.title });
    expect(await application.getByRole('combobox', { name: 'Status' }).textContent()).toBe(
      'Applied',
    );
    expect(
      await application
        .getByText(/Applied/)
        .first()
        .isVisible(),
    ).toBe(true);
    await expect
      .poll(() => activityTitlesOnReload(page), EVENT_WAIT)
      .toContain(`Applied to ${job.title}`);
    expect(browser.consoleErrors).toEqual([]);
  });
  it("when a visitor chooses Track application on a job's page, then after signing in the dashboard's dialog for that job records it, and the page then says it is tracked", async () => {
    const { page } = browser;
    const word = uniqueWord();
    const job = await postJob(word, { title: `Contracts Manager ${word}` });
    const user = newUser();
    await registerThroughUi(page, user);
    await page.getByRole('button', { name: `Account menu for ${user.firstName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('link', { name: 'Sign In' }).first().waitFor();

    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor();
    await page.getByRole('link', { name: 'Track application' }).click();
    await page.waitForURL('**/login?redirect=**');
    await signInThroughUi(page, user.email, user.password);
    await page.waitForURL(`**/dashboard?track=${job.id}`);
    const dialog = page.getByRole('dialog', { name: 'Track application' });
    await dialog.getByText(`Record your application to ${job.title}`).waitFor();
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Interview Scheduled' }).click();
    await dialog.getByRole('button', { name: 'Track Application' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL('**/dashboard');

    const applications = page.getByRole('list', { name: 'Applications' });
    await expect.poll(() => titlesIn(applications), DASHBOARD_WAIT).toEqual([job.title]);
    const application = applications.getByRole('listitem', { name: job.title });
    expect(await application.getByRole('combobox', { name: 'Status' }).textContent()).toBe(
      'Interview Scheduled',
    );

    await page.goto(`/jobs/${job.id}`);
    await page.getByRole('link', { name: 'Application tracked' }).click();
    await page.waitForURL('**/dashboard?tab=applications');
    await page.getByRole('list', { name: 'Applications' }).waitFor();
    expect(browser.consoleErrors).toEqual([]);
  });
});
