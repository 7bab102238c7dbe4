import { describe, expect } from 'vitest';
import { boardsOn, it } from './fake-ats.js';

const BOARD = { ats: 'ashby', name: 'redstone' } as const;
const PATH = '/ashby/posting-api/job-board/redstone';

const job = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: 'Data Engineer',
  department: 'Engineering',
  team: 'Civic Data',
  employmentType: 'FullTime',
  location: 'Washington, DC',
  isRemote: false,
  workplaceType: 'Hybrid',
  isListed: true,
  publishedAt: '2026-02-10T09:30:00.000+00:00',
  descriptionHtml: '<h2>About</h2><p>Modernise state benefit systems.</p>',
  jobUrl: `https://jobs.ashbyhq.com/redstone/${id}`,
  applyUrl: `https://jobs.ashbyhq.com/redstone/${id}/application`,
  address: { postalAddress: { addressLocality: 'Washington', addressRegion: 'DC' } },
  compensation: {
    summaryComponents: [
      { compensationType: 'EquityPercentage', minValue: 0.1, maxValue: 0.2 },
      {
        compensationType: 'Salary',
        interval: '1 YEAR',
        currencyCode: 'USD',
        minValue: 140000,
        maxValue: 175000,
      },
    ],
  },
  ...extra,
});

describe('reading an Ashby board', () => {
  it('when the board lists listed, unlisted and malformed jobs, then it reads the listed ones and keeps the malformed as failures', async ({
    ats,
  }) => {
    ats.on(PATH, [
      {
        headers: { etag: 'W/"b1"' },
        body: {
          apiVersion: '1',
          jobs: [job('a1'), job('a2', { isListed: false }), job('a3', { isRemote: 'yes' })],
        },
      },
    ]);
    const { boards } = boardsOn(ats);
    const read = await boards.read(BOARD);
    expect(ats.requests[0]?.query.get('includeCompensation')).toBe('true');
    expect(read).toMatchObject({
      etag: 'W/"b1"',
      postings: [
        {
          atsId: 'a1',
          title: 'Data Engineer',
          description: 'About\nModernise state benefit systems.',
          location: 'Washington, DC',
          url: 'https://jobs.ashbyhq.com/redstone/a1',
          department: 'Engineering',
          employmentType: 'FullTime',
          workplaceType: 'Hybrid',
          salary: { min: 140000, max: 175000, currency: 'USD', interval: '1 YEAR' },
          updatedAt: '2026-02-10T09:30:00.000Z',
        },
      ],
      failures: [{ atsId: 'a3', reason: expect.stringContaining('isRemote') }],
    });
  });

  it('when the board has not changed since the last read, then the 304 reads as unchanged', async ({
    ats,
  }) => {
    ats.on(PATH, ({ headers }) =>
      headers['if-none-match'] === 'W/"b1"'
        ? { status: 304 }
        : { headers: { etag: 'W/"b1"' }, body: { jobs: [job('a1')] } },
    );
    const { boards } = boardsOn(ats);
    const first = await boards.read(BOARD);
    expect(first).toMatchObject({ etag: 'W/"b1"' });
    expect(await boards.read(BOARD, { etag: 'W/"b1"' })).toEqual({ unchanged: true });
  });

  it('when the answer has no job list, then the read fails as malformed', async ({ ats }) => {
    ats.on(PATH, [{ body: { error: 'board disabled' } }]);
    const { boards } = boardsOn(ats);
    await expect(boards.read(BOARD)).rejects.toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('jobs'),
    });
  });
});
