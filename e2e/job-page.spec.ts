import { describe, expect, it } from 'vitest';
import { ANALYTICS_REF_PARAM } from '@b2g/contracts';
import { accessibilityViolations } from './src/accessibility.js';
import { baseUrl, useBrowser } from './src/browser.js';
import { deleteJobAsAdmin, postJob, uniqueWord } from './src/jobs.js';

/** Google's required JobPosting properties, and the recommended ones this board always knows. */
function expectGoogleJobPosting(ld: Record<string, unknown>, title: string) {
  expect(ld['@context']).toMatch(/^https?:\/\/schema\.org\/?$/);
  expect(ld['@type']).toBe('JobPosting');
  expect(ld.title).toBe(title);
  expect(typeof ld.description).toBe('string');
  expect((ld.description as string).length).toBeGreaterThan(0);
  expect(Number.isNaN(Date.parse(ld.datePosted as string))).toBe(false);
  expect(ld.hiringOrganization).toMatchObject({
    '@type': 'Organization',
    name: expect.any(String),
  });
  const remote = ld.jobLocationType === 'TELECOMMUTE';
  if (remote) {
    expect(ld.applicantLocationRequirements).toMatchObject({ '@type': 'Country', name: 'US' });
  } else {
    expect(ld.jobLocation).toMatchObject({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: expect.any(String) },
    });
  }
  expect(ld.identifier).toMatchObject({ '@type': 'PropertyValue', value: expect.any(String) });
  expect(ld.directApply).toBe(false);
}

describe('a page per job', () => {
  const browser = useBrowser();

  it('when a job page is fetched without JavaScript, then its HTML has the title, canonical URL and a JSON-LD JobPosting Google accepts; in a browser the page shows the job', async () => {
    const word = uniqueWord();
    const job = await postJob(word, {
      description: `Lead capture (${word}).\n\nYou will:\n- Shape pursuits </script><!--\n- Write plans`,
      salaryMin: 140_000,
      salaryMax: 170_000,
      salaryPeriod: 'year',
      closingDate: '2099-06-30',
      employmentType: 'full_time',
      clearance: 'secret',
    });

    const raw = await fetch(`${baseUrl()}/jobs/${job.id}`);
    expect(raw.status).toBe(200);
    const html = await raw.text();
    expect(html).toContain(`<link rel="canonical" href="${baseUrl()}/jobs/${job.id}">`);

    // The same HTML in a browser that runs no script: what a crawler reads.
    const noScript = await browser.newPage({ javaScriptEnabled: false });
    try {
      await noScript.goto(`/jobs/${job.id}`);
      expect(await noScript.title()).toBe(`${job.title} – Beacon Federal Partners | B2G Job Board`);
      const scripts = noScript.locator('script[type="application/ld+json"]');
      expect(await scripts.count()).toBe(1);
      const ld = JSON.parse((await scripts.textContent()) ?? '') as Record<string, unknown>;
      expectGoogleJobPosting(ld, job.title);
      expect(ld).toMatchObject({
        validThrough: '2099-06-30T23:59:59Z',
        employmentType: 'FULL_TIME',
        baseSalary: { currency: 'USD', value: { minValue: 140_000, maxValue: 170_000 } },
        url: `${baseUrl()}/jobs/${job.id}`,
      });
      expect(ld.description).toContain('<li>Shape pursuits &#60;/script&#62;&#60;!--</li>');
      expect(await noScript.locator('meta[name="description"]').getAttribute('content')).toContain(
        job.title,
      );
    } finally {
      await noScript.context().close();
    }

    const { page } = browser;
    await page.goto(`/jobs?search=${word}`);
    await page
      .getByRole('listitem')
      .filter({ hasText: job.title })
      .getByRole('link', { name: 'Details', exact: true })
      .click();
    await page.waitForURL(`**/jobs/${job.id}`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: job.title }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByRole('listitem').filter({ hasText: 'Write plans' }).count()).toBe(1);
    expect(await page.getByText('$140k–$170k a year').isVisible()).toBe(true);
    expect(await page.getByText('Secret', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Apply Now/ }).getAttribute('href')).toBe(
      `https://careers.beaconfederal.example.com/jobs/${word}`,
    );
    await page.waitForLoadState('networkidle');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(browser.consoleErrors).toEqual([]);
  });

  it('when a job is deleted, then its page answers 410 with noindex and says so, and the sitemap no longer lists it', async () => {
    const word = uniqueWord();
    const kept = await postJob(word);
    const gone = await postJob(`${word}x`);

    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemapUrls = async () => {
      const index = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
      const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] as string);
      const pages = await Promise.all(files.map(async (file) => (await fetch(file)).text()));
      return pages.join('\n');
    };
    // The sitemap comes from the search index, current within its refresh interval (500 ms).
    await expect.poll(sitemapUrls, { timeout: 10_000 }).toContain(`/jobs/${gone.id}</loc>`);

    await deleteJobAsAdmin(gone.id);

    const raw = await fetch(`${baseUrl()}/jobs/${gone.id}`);
    expect(raw.status).toBe(410);
    const html = await raw.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('This job is no longer available');
    expect(html).not.toContain('application/ld+json');
    await expect.poll(sitemapUrls, { timeout: 10_000 }).not.toContain(`/jobs/${gone.id}</loc>`);
    expect(await sitemapUrls()).toContain(`/jobs/${kept.id}</loc>`);

    const { page } = browser;
    await page.goto(`/jobs/${gone.id}`);
    await expect
      .poll(
        () => page.getByRole('heading', { name: 'This job is no longer available' }).isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);

    const unknown = await fetch(`${baseUrl()}/jobs/not-a-job`);
    expect(unknown.status).toBe(404);
  });

  it('when a search is read as a feed, then its items link to the job pages marked as from a feed, and /jobs names both feeds', async () => {
    const word = uniqueWord();
    const job = await postJob(word);
    // A new job is searchable within the index's refresh interval (500 ms).
    const feedUrl = `${baseUrl()}/api/jobs/feed.rss?search=${word}`;
    await expect
      .poll(async () => (await fetch(feedUrl)).text(), { timeout: 10_000 })
      .toContain(`<link>${baseUrl()}/jobs/${job.id}?${ANALYTICS_REF_PARAM}=feed</link>`);
    const rss = await fetch(feedUrl);
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const again = await fetch(`${baseUrl()}/api/jobs/feed.rss?search=${word}`, {
      headers: { 'If-None-Match': rss.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    const json = (await (await fetch(`${baseUrl()}/api/jobs/feed.json?search=${word}`)).json()) as {
      items: Array<{ url: string }>;
    };
    expect(json.items.map((item) => item.url)).toEqual([
      `${baseUrl()}/jobs/${job.id}?${ANALYTICS_REF_PARAM}=feed`,
    ]);

    const { page } = browser;
    await page.goto(`/jobs?search=${word}`);
    await expect
      .poll(() => page.getByRole('link', { name: job.title }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    const feeds = await page
      .locator('link[rel="alternate"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(feeds).toEqual([
      `/api/jobs/feed.rss?search=${word}`,
      `/api/jobs/feed.json?search=${word}`,
    ]);
  });
});
