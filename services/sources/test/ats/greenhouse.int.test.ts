import { describe, expect } from 'vitest';
import { BoardReadError } from '../../src/domain/ports.js';
import { boardsOn, it } from './fake-ats.js';

const BOARD = { ats: 'greenhouse', name: 'keystone' } as const;
const PATH = '/greenhouse/v1/boards/keystone/jobs';

const job = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Program Analyst ${id}`,
  updated_at: '2026-02-20T15:04:05-05:00',
  company_name: 'Keystone Federal',
  location: { name: 'Arlington, VA' },
  absolute_url: `https://boards.greenhouse.io/keystone/jobs/${id}`,
  content:
    '&lt;p&gt;Support the &lt;strong&gt;DHS&lt;/strong&gt; program office.&lt;/p&gt;&lt;ul&gt;&lt;li&gt;Secret clearance&lt;/li&gt;&lt;/ul&gt;',
  departments: [{ name: 'Federal Civilian' }],
  metadata: [{ name: 'Employment Type', value: 'Full-time' }],
  pay_input_ranges: [
    { min_cents: 9_500_000, max_cents: 12_000_000, currency_type: 'USD', title: 'Base' },
  ],
  ...extra,
});

describe('reading a Greenhouse board', () => {
  it('when the board lists good and malformed jobs, then it reads the good ones and keeps a reason for each other', async ({
    ats,
  }) => {
    ats.on(PATH, [
      {
        body: {
          jobs: [
            job(101),
            job(102, { title: 'x'.repeat(1_001) }),
            job(103, { content: '' }),
            { title: 'No id' },
            job(104, { absolute_url: 'javascript:alert(1)', pay_input_ranges: null }),
          ],
          meta: { total: 5 },
        },
      },
    ]);
    const { boards } = boardsOn(ats);
    const read = await boards.read(BOARD);
    if (read.unchanged) throw new Error('expected a read');
    expect(ats.requests[0]?.query.get('content')).toBe('true');
    expect(read.postings.map((posting) => posting.atsId)).toEqual(['101', '104']);
    expect(read.postings[0]).toEqual({
      atsId: '101',
      title: 'Program Analyst 101',
      description: 'Support the DHS program office.\nSecret clearance',
      location: 'Arlington, VA',
      url: 'https://boards.greenhouse.io/keystone/jobs/101',
      department: 'Federal Civilian',
      company: 'Keystone Federal',
      employmentType: 'Full-time',
      salary: { min: 95_000, max: 120_000, currency: 'USD', interval: 'year' },
      updatedAt: '2026-02-20T20:04:05.000Z',
      workplaceType: undefined,
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(read.postings[1]?.url).toBeUndefined();
    expect(read.failures).toEqual([
      { atsId: '102', reason: expect.stringContaining('title') },
      { atsId: '103', reason: 'The posting has no description.' },
      { atsId: undefined, reason: expect.stringContaining('id') },
    ]);
  });

  it('when a job changes, then only its content hash changes', async ({ ats }) => {
    ats.on(PATH, [
      { body: { jobs: [job(1), job(2)] } },
      {
        body: {
          jobs: [job(1, { updated_at: '2026-03-01T00:00:00Z' }), job(2, { title: 'Renamed' })],
        },
      },
    ]);
    const { boards } = boardsOn(ats);
    const hashes = async () => {
      const read = await boards.read(BOARD);
      return read.unchanged ? [] : read.postings.map((posting) => posting.contentHash);
    };
    const [first1, first2] = await hashes();
    const [second1, second2] = await hashes();
    expect(second1).toBe(first1);
    expect(second2).not.toBe(first2);
  });

  it('when the whole answer is not a board, then the read fails with the reason', async ({
    ats,
  }) => {
    ats.on(PATH, [{ body: { jobs: 'none' } }]);
    const { boards } = boardsOn(ats);
    const error = await boards.read(BOARD).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BoardReadError);
    expect(error).toMatchObject({ kind: 'malformed', reason: expect.stringContaining('jobs') });
  });
});
