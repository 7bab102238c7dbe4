import { describe, expect, it } from 'vitest';
import { boardOfUrl } from './boards.js';

describe('boardOfUrl', () => {
  it.each([
    ['https://boards.greenhouse.io/acme', 'greenhouse', 'acme'],
    ['https://boards.greenhouse.io/acme/jobs/4012345007', 'greenhouse', 'acme'],
    ['https://job-boards.greenhouse.io/acme', 'greenhouse', 'acme'],
    ['https://job-boards.eu.greenhouse.io/acme/', 'greenhouse', 'acme'],
    ['https://boards.greenhouse.io/embed/job_board?for=acme', 'greenhouse', 'acme'],
    ['https://boards-api.greenhouse.io/v1/boards/acme/jobs', 'greenhouse', 'acme'],
    ['https://jobs.lever.co/acme', 'lever', 'acme'],
    ['https://jobs.lever.co/acme/7c9e6679-7425-40de-944b-e07fc1f90ae7/apply', 'lever', 'acme'],
    ['https://jobs.ashbyhq.com/acme', 'ashby', 'acme'],
    ['https://jobs.ashbyhq.com/Acme.Labs/a1f3c2d4', 'ashby', 'Acme.Labs'],
    ['https://careers.smartrecruiters.com/Acme', 'smartrecruiters', 'Acme'],
    ['https://jobs.smartrecruiters.com/Acme/744000012345678-analyst', 'smartrecruiters', 'Acme'],
    ['https://apply.workable.com/acme/', 'workable', 'acme'],
    ['https://apply.workable.com/acme/j/5E8A1C7B2D/', 'workable', 'acme'],
    ['https://acme.workable.com', 'workable', 'acme'],
    ['  https://BOARDS.GREENHOUSE.IO/acme  ', 'greenhouse', 'acme'],
  ])('when given %s, then it names the %s board %s', (url, ats, name) => {
    expect(boardOfUrl(url)).toEqual({ ats, name });
  });

  it.each([
    'https://example.com/careers',
    'https://boards.greenhouse.io/',
    'https://boards.greenhouse.io/embed/job_board',
    'https://jobs.lever.co/',
    'https://jobs.lever.co/..%2F..%2Fadmin',
    'https://jobs.lever.co/acme%2Fother',
    'https://apply.workable.com/j/5E8A1C7B2D',
    'https://www.workable.com/pricing',
    'https://user:secret@jobs.ashbyhq.com/acme',
    'ftp://jobs.lever.co/acme',
    'javascript:alert(1)',
    'not a url',
    'https://greenhouse.io.evil.example/acme',
    'https://jobs.lever.co.evil.example/acme',
  ])('when given %s, then it recognises no board', (url) => {
    expect(boardOfUrl(url)).toBeUndefined();
  });
});
