import { extractedJobSchema } from '@b2g/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTING_URLS, startAtsServer, type AtsServer } from './ats-server.js';
import { newWorld, removeWorld, startInstance, type RunningInstance } from './support.js';

const world = newWorld();
let ats: AtsServer;
let instance: RunningInstance;

const extract = (url: string) =>
  request(instance.app).post('/api/jobs/extract-from-url').send({ url });

beforeAll(async () => {
  ats = await startAtsServer();
  instance = await startInstance(world, {
    extractAllowedHosts: [ats.hostPort],
    atsApiBases: ats.bases,
  });
});

afterAll(async () => {
  await ats.close();
  await removeWorld(instance, world);
});

describe('POST /api/jobs/extract-from-url on ATS posting URLs (read from their public APIs)', () => {
  it('when the URL is a Greenhouse posting, then its job API fills the form: plain text, pay, deadline, type', async () => {
    const res = await extract(POSTING_URLS.greenhouse);
    expect(res.status).toBe(200);
    expect(extractedJobSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toMatchObject({
      title: 'Senior Account Executive, Federal Civilian',
      company: 'Keystone Federal Systems',
      location: 'Arlington, VA',
      sector: 'FEDERAL',
      jobFunction: 'sales',
      experienceLevel: 'senior',
      remoteDays: 2,
      salaryMin: 140000,
      salaryMax: 175000,
      salaryPeriod: 'year',
      closingDate: '2026-12-31',
      employmentType: 'full_time',
    });
    expect(res.body.description).toMatch(/^About the role Keystone sells case management/);
    expect(res.body.description).not.toMatch(/<|&lt;|\s{2}/);
    expect(ats.requests.at(-1)?.path).toBe('/greenhouse/v1/boards/keystonefederal/jobs/4012345007');
  });

  it('when the URL is a Lever posting, then remote, the salary range and the lists are read', async () => {
    const res = await extract(POSTING_URLS.lever);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Product Marketing Manager, State & Local Government',
      location: 'Remote - United States',
      remoteDays: 5,
      sector: 'STATE_LOCAL',
      jobFunction: 'marketing',
      salaryMin: 118000,
      salaryMax: 142000,
      salaryPeriod: 'year',
      employmentType: 'full_time',
    });
    expect(res.body.description).toContain('Write launch messaging for SLED buyers');
  });

  it('when the URL is an Ashby posting, then its job is found on the board feed with its compensation', async () => {
    const res = await extract(POSTING_URLS.ashby);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Solutions Architect, Defense Programs',
      location: 'Huntsville, Alabama',
      sector: 'FEDERAL',
      jobFunction: 'technical',
      experienceLevel: 'senior',
      salaryMin: 150000,
      salaryMax: 185000,
      salaryPeriod: 'year',
      employmentType: 'full_time',
    });
    expect(res.body.remoteDays).toBeUndefined();

    const hourly = await extract(POSTING_URLS.ashbyHourly);
    expect(hourly.body).toMatchObject({
      title: 'Capture Manager',
      location: 'Remote',
      remoteDays: 5,
      salaryMin: 85,
      salaryMax: 110,
      salaryPeriod: 'hour',
      employmentType: 'contract',
    });
  });

  it('when the URL is a SmartRecruiters posting, then company, location, sections and type are read', async () => {
    const res = await extract(POSTING_URLS.smartrecruiters);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Business Development Manager - State & Local',
      company: 'Meridian Public Solutions',
      location: 'Sacramento, CA',
      sector: 'STATE_LOCAL',
      jobFunction: 'sales',
      remoteDays: 2,
      employmentType: 'full_time',
    });
    expect(res.body.description).toMatch(/^Job Description Grow our county and city accounts/);
  });

  it('when the URL is a Workable posting, then the account widget lists it with the company name', async () => {
    const res = await extract(POSTING_URLS.workable);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Field Marketing Manager, Federal',
      company: 'Beacon Mission Systems',
      location: 'Reston, Virginia',
      sector: 'FEDERAL',
      jobFunction: 'marketing',
      remoteDays: 2,
      employmentType: 'part_time',
    });
  });

  it('when the ATS API does not know the posting, then the page itself is read (here refused: no network)', async () => {
    const before = ats.requests.length;
    const res = await extract(POSTING_URLS.greenhouseGone);
    expect(ats.requests.length).toBe(before + 1);
    // The page's host cannot be resolved in the test sandbox: the guard's one refusal.
    expect(res.status).toBe(400);
  });
});
