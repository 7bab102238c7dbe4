import { describe, expect, it } from 'vitest';
import { atsTargetOf, DEFAULT_ATS_API_BASES } from './ats.js';

const target = (url: string) => atsTargetOf(url, DEFAULT_ATS_API_BASES);

describe('atsTargetOf', () => {
  it('when the URL is a posting of a known ATS, then its public API is named', () => {
    expect(target('https://boards.greenhouse.io/acme/jobs/4012345007?gh_src=x')).toEqual({
      provider: 'greenhouse',
      apiUrl:
        'https://boards-api.greenhouse.io/v1/boards/acme/jobs/4012345007?pay_transparency=true',
    });
    expect(target('https://boards.greenhouse.io/embed/job_app?for=acme&token=42')?.apiUrl).toBe(
      'https://boards-api.greenhouse.io/v1/boards/acme/jobs/42?pay_transparency=true',
    );
    expect(
      target('https://jobs.lever.co/civic/7c9e6679-7425-40de-944b-e07fc1f90ae7/apply')?.apiUrl,
    ).toBe('https://api.lever.co/v0/postings/civic/7c9e6679-7425-40de-944b-e07fc1f90ae7');
    expect(
      target('https://jobs.ashbyhq.com/redstone/a1f3c2d4-5b6e-4f70-8a91-b2c3d4e5f607'),
    ).toEqual({
      provider: 'ashby',
      apiUrl: 'https://api.ashbyhq.com/posting-api/job-board/redstone?includeCompensation=true',
      boardJobId: 'a1f3c2d4-5b6e-4f70-8a91-b2c3d4e5f607',
    });
    expect(target('https://jobs.smartrecruiters.com/Meridian/744000012345678-bdm')?.apiUrl).toBe(
      'https://api.smartrecruiters.com/v1/companies/Meridian/postings/744000012345678',
    );
    expect(target('https://apply.workable.com/beacon/j/5E8A1C7B2D/')).toMatchObject({
      apiUrl: 'https://apply.workable.com/api/v1/widget/accounts/beacon?details=true',
      boardJobId: '5E8A1C7B2D',
    });
  });

  it('when the URL is another site, a board page or a path that could escape, then none', () => {
    for (const url of [
      'https://careers.example.com/jobs/1',
      'https://boards.greenhouse.io/acme',
      'https://boards.greenhouse.io/acme/jobs/not-a-number',
      'https://jobs.lever.co/civic',
      'https://jobs.lever.co/%2e%2e/x',
      'https://apply.workable.com/beacon/',
      'ftp://jobs.lever.co/civic/1',
      'not a url',
    ]) {
      expect(target(url), url).toBeUndefined();
    }
  });
});
