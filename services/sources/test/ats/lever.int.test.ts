import { describe, expect } from 'vitest';
import { boardsOn, it } from './fake-ats.js';

const BOARD = { ats: 'lever', name: 'civicledger' } as const;
const PATH = '/lever/v0/postings/civicledger';

const posting = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `7c9e6679-0000-40de-944b-00000000000${n}`,
  text: `Solutions Engineer ${n}`,
  createdAt: 1_767_225_600_000,
  categories: { commitment: 'Full-time', location: 'Remote, US', team: 'Public Sector' },
  workplaceType: 'remote',
  descriptionPlain: 'Build tools for state agencies.',
  lists: [{ text: 'Requirements', content: '<li>FedRAMP experience</li>' }],
  additionalPlain: 'Equal opportunity employer.',
  hostedUrl: `https://jobs.lever.co/civicledger/${n}`,
  salaryRange: { currency: 'USD', interval: 'per-year-salary', min: 130000, max: 160000 },
  ...extra,
});

/** Answers the page `skip`/`limit` ask for out of `all`. */
const paged = (all: unknown[]) => (query: URLSearchParams) => {
  const skip = Number(query.get('skip') ?? 0);
  const limit = Number(query.get('limit') ?? 100);
  return { body: all.slice(skip, skip + limit) };
};

describe('reading a Lever board', () => {
  it('when the board spans pages, then it reads every page until a short one', async ({ ats }) => {
    const all = [1, 2, 3, 4, 5].map((n) => posting(n));
    const page = paged(all);
    ats.on(PATH, ({ query }) => page(query));
    const { boards } = boardsOn(ats, { pageSize: 2 });
    const read = await boards.read(BOARD, { etag: '"ignored"' });
    if (read.unchanged) throw new Error('expected a read');
    expect(read.postings).toHaveLength(5);
    expect(ats.requests.map((request) => request.query.get('skip'))).toEqual(['0', '2', '4']);
    expect(ats.requests.every((request) => request.query.get('mode') === 'json')).toBe(true);
    expect(ats.requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(read.postings[0]).toMatchObject({
      title: 'Solutions Engineer 1',
      description:
        'Build tools for state agencies.\nRequirements\nFedRAMP experience\nEqual opportunity employer.',
      location: 'Remote, US',
      department: 'Public Sector',
      employmentType: 'Full-time',
      workplaceType: 'remote',
      salary: { min: 130000, max: 160000, currency: 'USD', interval: 'per-year-salary' },
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('when the API ignores skip and repeats a page, then it stops and lists each posting once', async ({
    ats,
  }) => {
    ats.on(PATH, [{ body: [posting(1), posting(2)] }]);
    const { boards } = boardsOn(ats, { pageSize: 2 });
    const read = await boards.read(BOARD);
    expect(read).toMatchObject({
      postings: [{ title: 'Solutions Engineer 1' }, { title: 'Solutions Engineer 2' }],
    });
    expect(ats.requests).toHaveLength(2);
  });

  it('when a posting among good ones is malformed, then it is a failure with its id and reason', async ({
    ats,
  }) => {
    ats.on(PATH, [{ body: [posting(1), posting(2, { text: null }), posting(3)] }]);
    const { boards } = boardsOn(ats, { pageSize: 100 });
    const read = await boards.read(BOARD);
    if (read.unchanged) throw new Error('expected a read');
    expect(read.postings).toHaveLength(2);
    expect(read.failures).toEqual([
      { atsId: posting(2).id, reason: expect.stringContaining('text') },
    ]);
  });

  it('when the board never ends, then the read fails after the most pages', async ({ ats }) => {
    let n = 0;
    ats.on(PATH, () => ({ body: [posting(++n), posting(++n)] }));
    const { boards } = boardsOn(ats, { pageSize: 2, maxPages: 3 });
    await expect(boards.read(BOARD)).rejects.toMatchObject({ kind: 'malformed' });
    expect(ats.requests).toHaveLength(3);
  });
});
