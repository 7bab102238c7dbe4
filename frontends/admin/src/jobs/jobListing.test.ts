import { describe, expect, it } from 'vitest';
import { adminJob } from '../test/jobs.js';
import { allJobsSummary, filterJobs, remoteText } from './jobListing.js';

describe('filterJobs', () => {
  const jobs = [
    adminJob({ title: 'Federal Account Executive', company: 'Acme', location: 'Austin, TX' }),
    adminJob({ title: 'Marketing Lead', company: 'GovWorks', location: 'Reston, VA' }),
  ];

  it('when the search matches title, company or location in any case, then those jobs remain', () => {
    expect(filterJobs(jobs, 'ACCOUNT').map((j) => j.company)).toEqual(['Acme']);
    expect(filterJobs(jobs, 'govworks').map((j) => j.company)).toEqual(['GovWorks']);
    expect(filterJobs(jobs, ' reston ').map((j) => j.company)).toEqual(['GovWorks']);
  });

  it('when the search is blank, then every job remains', () => {
    expect(filterJobs(jobs, '  ')).toHaveLength(2);
  });

  it('when nothing matches, then the list is empty', () => {
    expect(filterJobs(jobs, 'nasa')).toEqual([]);
  });
});

describe('remoteText', () => {
  it('when remote days are set, then they win; else the remote flag decides', () => {
    expect(remoteText({ isRemote: true, remoteDays: 3 })).toBe('Remote Work: 3 days/week');
    expect(remoteText({ isRemote: true, remoteDays: null })).toBe('Remote Work Available');
    expect(remoteText({ isRemote: false, remoteDays: null })).toBe('On-site');
  });
});

describe('allJobsSummary', () => {
  it('when searching, then the counts are said to be of the matching jobs', () => {
    expect(allJobsSummary(0, 0, true)).toBe(
      'Matching your search: 0 active and 0 deleted. Deleted jobs are hidden from the public listings until restored.',
    );
    expect(allJobsSummary(4, 1, false)).toMatch(/^4 active and 1 deleted\. /);
  });
});
