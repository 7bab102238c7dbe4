import { describe, expect, it } from 'vitest';
import { classifyRemote } from './remote.js';

const days = (text: string, location?: string, ats?: string) =>
  classifyRemote(text, location, ats).value;

describe('classifyRemote', () => {
  it('when the text counts remote days or office days, then it gives the remote days a week', () => {
    expect(days('This is a hybrid role with two days of telework per week.')).toEqual({
      workplace: 'hybrid',
      remoteDays: 2,
    });
    expect(days('Hybrid: 3 days a week in our Colorado Springs office.')).toEqual({
      workplace: 'hybrid',
      remoteDays: 2,
    });
    expect(days('We work from the Reston office four days per week.')).toEqual({
      workplace: 'hybrid',
      remoteDays: 1,
    });
    expect(days('Up to 4 days remote each week.')).toEqual({ workplace: 'hybrid', remoteDays: 4 });
  });

  it('when the posting is fully remote, then it is 5 days; on-site or in a SCIF, none', () => {
    expect(days('This role is fully remote within the United States.')).toEqual({
      workplace: 'remote',
      remoteDays: 5,
    });
    expect(days('', 'Remote (US)')).toEqual({ workplace: 'remote', remoteDays: 5 });
    expect(days('', 'Denver, CO', 'remote')).toEqual({ workplace: 'remote', remoteDays: 5 });
    expect(days('This role is on-site in a SCIF; telework is not available.')).toEqual({
      workplace: 'on-site',
      remoteDays: null,
    });
    expect(days('Must work 5 days a week on-site at Fort Meade.')).toEqual({
      workplace: 'on-site',
      remoteDays: null,
    });
  });

  it('when remote words are about the work, not the place, then nothing is read', () => {
    expect(days('Configure remote access VPNs and remote sensing payloads.')).toEqual({
      workplace: null,
      remoteDays: null,
    });
  });

  it('when a posting says hybrid without counting days, then it is hybrid with days unknown', () => {
    expect(days('This is a hybrid role based in Austin.')).toEqual({
      workplace: 'hybrid',
      remoteDays: null,
    });
  });
});
