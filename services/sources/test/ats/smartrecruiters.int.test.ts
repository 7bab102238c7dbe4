import { describe, expect } from 'vitest';
import { boardsOn, it } from './fake-ats.js';

const BOARD = { ats: 'smartrecruiters', name: 'Meridian' } as const;
const LIST = '/smartrecruiters/v1/companies/Meridian/postings';

const summary = (id: string) => ({
  id,
  name: `Capture Manager ${id}`,
  releasedDate: '2026-02-01T10:00:00.000Z',
});
const details = (id: string, extra: Record<string, unknown> = {}) => ({
  ...summary(id),
  company: { name: 'Meridian Public Solutions' },
  location: { city: 'Reston', region: 'VA', country: 'us', remote: true, hybrid: true },
  typeOfEmployment: { id: 'permanent', label: 'Full-time' },
  department: { label: 'Business Development' },
  postingUrl: `https://jobs.smartrecruiters.com/Meridian/${id}`,
  active: true,
  jobAd: {
    sections: {
      companyDescription: { title: 'Company', text: '<p>We serve agencies.</p>' },
      jobDescription: { title: 'Job Description', text: '<p>Win state and local contracts.</p>' },
      qualifications: { title: 'Qualifications', text: '<ul><li>5 years of capture</li></ul>' },
    },
  },
  ...extra,
});

describe('reading a SmartRecruiters company', () => {
  it('when the list spans pages, then it pages by offset to totalFound and reads each posting’s details', async ({
    ats,
  }) => {
    const ids = ['744000001', '744000002', '744000003'];
    ats.on(LIST, ({ query }) => {
      const offset = Number(query.get('offset'));
      const limit = Number(query.get('limit'));
      return {
        body: {
          offset,
          limit,
          totalFound: ids.length,
          content: ids.slice(offset, offset + limit).map(summary),
        },
      };
    });
    for (const id of ids) ats.on(`${LIST}/${id}`, [{ body: details(id) }]);
    const { boards } = boardsOn(ats, { pageSize: 2 });
    const read = await boards.read(BOARD);
    if (read.unchanged) throw new Error('expected a read');
    const listRequests = ats.requests.filter((request) => request.path === LIST);
    expect(listRequests.map((request) => request.query.get('offset'))).toEqual(['0', '2']);
    expect(ats.requests).toHaveLength(2 + ids.length);
    expect(read.failures).toEqual([]);
    expect(read.postings[0]).toMatchObject({
      atsId: '744000001',
      title: 'Capture Manager 744000001',
      description:
        'Job Description\nWin state and local contracts.\nQualifications\n5 years of capture',
      location: 'Reston, VA, us',
      url: 'https://jobs.smartrecruiters.com/Meridian/744000001',
      department: 'Business Development',
      company: 'Meridian Public Solutions',
      employmentType: 'Full-time',
      workplaceType: 'hybrid',
      updatedAt: '2026-02-01T10:00:00.000Z',
    });
  });

  it('when a posting’s details are gone or malformed, then that posting is a failure and the rest are read', async ({
    ats,
  }) => {
    ats.on(LIST, [{ body: { totalFound: 4, content: ['1', '2', '3', '4'].map(summary) } }]);
    ats.on(`${LIST}/1`, [{ body: details('1') }]);
    ats.on(`${LIST}/3`, [{ body: details('3', { name: { text: 'not a string' } }) }]);
    ats.on(`${LIST}/4`, [{ body: details('4', { active: false }) }]);
    const { boards } = boardsOn(ats, { pageSize: 100 });
    const read = await boards.read(BOARD);
    if (read.unchanged) throw new Error('expected a read');
    expect(read.postings.map((posting) => posting.atsId)).toEqual(['1']);
    expect(read.failures).toEqual([
      { atsId: '2', reason: expect.stringContaining('(404)') },
      { atsId: '3', reason: expect.stringContaining('name') },
    ]);
  });

  it('when the details keep failing with 5xx, then the whole read fails rather than dropping postings', async ({
    ats,
  }) => {
    ats.on(LIST, [{ body: { totalFound: 1, content: [summary('9')] } }]);
    ats.on(`${LIST}/9`, [{ status: 503 }]);
    const { boards } = boardsOn(ats, { maxRetries: 1 });
    await expect(boards.read(BOARD)).rejects.toMatchObject({ kind: 'unavailable' });
    expect(ats.requests).toHaveLength(3);
  });

  it('when the list answer lacks totalFound, then the read fails as malformed', async ({ ats }) => {
    ats.on(LIST, [{ body: { content: [] } }]);
    const { boards } = boardsOn(ats);
    await expect(boards.read(BOARD)).rejects.toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('totalFound'),
    });
  });
});
