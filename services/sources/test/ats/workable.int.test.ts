import { describe, expect } from 'vitest';
import { boardsOn, it } from './fake-ats.js';

const BOARD = { ats: 'workable', name: 'beacon' } as const;
const PATH = '/workable/api/v1/widget/accounts/beacon';
const MODIFIED = 'Tue, 03 Mar 2026 08:00:00 GMT';

const job = (shortcode: string, extra: Record<string, unknown> = {}) => ({
  title: 'Grants Manager',
  shortcode,
  employment_type: 'Full-time',
  telecommuting: true,
  department: 'Programs',
  url: `https://apply.workable.com/j/${shortcode}`,
  published_on: '2026-02-27',
  city: 'Denver',
  state: 'Colorado',
  country: 'United States',
  description: '<p>Manage federal grant awards &amp; reporting.</p>',
  ...extra,
});

describe('reading a Workable account', () => {
  it('when the account lists good and malformed jobs, then each is keyed by its shortcode', async ({
    ats,
  }) => {
    ats.on(PATH, [
      {
        headers: { 'last-modified': MODIFIED },
        body: { name: 'Beacon Mission', jobs: [job('5E8A1C7B2D'), job('BAD1', { title: 42 })] },
      },
    ]);
    const { boards } = boardsOn(ats);
    const read = await boards.read(BOARD);
    expect(ats.requests[0]?.query.get('details')).toBe('true');
    expect(read).toMatchObject({
      lastModified: MODIFIED,
      postings: [
        {
          atsId: '5E8A1C7B2D',
          title: 'Grants Manager',
          description: 'Manage federal grant awards & reporting.',
          location: 'Denver, Colorado, United States',
          url: 'https://apply.workable.com/j/5E8A1C7B2D',
          department: 'Programs',
          company: 'Beacon Mission',
          employmentType: 'Full-time',
          workplaceType: 'remote',
          updatedAt: '2026-02-27T00:00:00.000Z',
        },
      ],
      failures: [{ atsId: 'BAD1', reason: expect.stringContaining('title') }],
    });
  });

  it('when the account answers Last-Modified, then the next read asks If-Modified-Since and a 304 is unchanged', async ({
    ats,
  }) => {
    ats.on(PATH, ({ headers }) =>
      headers['if-modified-since'] === MODIFIED
        ? { status: 304 }
        : { headers: { 'last-modified': MODIFIED }, body: { jobs: [job('A1')] } },
    );
    const { boards } = boardsOn(ats);
    const first = await boards.read(BOARD);
    if (first.unchanged) throw new Error('expected a read');
    const again = await boards.read(BOARD, { lastModified: first.lastModified });
    expect(again).toEqual({ unchanged: true });
  });
});
