import { describe, expect, it } from 'vitest';
import {
  inferExperienceLevel,
  inferJobFunction,
  inferRemoteDays,
  inferSector,
} from './job-fields.js';

describe('inferSector', () => {
  it('when the words name one market, then that sector', () => {
    expect(inferSector('Account Executive, DoD', '')).toBe('FEDERAL');
    expect(inferSector('', 'Work with the Department of Transportation.')).toBe('FEDERAL');
    expect(inferSector('Analyst, City of Austin', '')).toBe('STATE_LOCAL');
    expect(inferSector('', 'Our county customers love us.')).toBe('STATE_LOCAL');
    expect(inferSector('Sales Rep, K-12', 'We sell to the school district.')).toBe('EDUCATION');
    expect(inferSector('', 'Serve university libraries.')).toBe('EDUCATION');
  });

  it('when federal and state/local work are both named strongly, then BOTH', () => {
    expect(
      inferSector('Federal and State Account Manager', 'federal agencies and state governments'),
    ).toBe('BOTH');
  });

  it('when nothing names a market, or "state" means something else, then no sector', () => {
    expect(
      inferSector('Marketing Manager', 'A state-of-the-art product across the United States.'),
    ).toBeUndefined();
  });
});

describe('inferJobFunction', () => {
  it('when the title names a function, then its last function word decides', () => {
    expect(inferJobFunction('Senior Account Executive', '')).toBe('sales');
    expect(inferJobFunction('Business Development Manager', '')).toBe('sales');
    expect(inferJobFunction('Demand Generation Lead', '')).toBe('marketing');
    expect(inferJobFunction('Communications Specialist', '')).toBe('marketing');
    expect(inferJobFunction('Sales Engineer', '')).toBe('technical');
    expect(inferJobFunction('Technical Account Executive', '')).toBe('sales');
    expect(inferJobFunction('Data Analyst', '')).toBe('technical');
  });

  it('when the title does not, then the function the description names most', () => {
    expect(
      inferJobFunction('Specialist', 'You will run marketing campaigns and marketing events.'),
    ).toBe('marketing');
    expect(inferJobFunction('Specialist', 'Nothing to see here.')).toBeUndefined();
  });
});

describe('inferExperienceLevel', () => {
  it('when the title says, then that level', () => {
    expect(inferExperienceLevel('Principal Engineer', '')).toBe('senior');
    expect(inferExperienceLevel('Director of Sales', '')).toBe('senior');
    expect(inferExperienceLevel('Junior Analyst', '')).toBe('entry');
    expect(inferExperienceLevel('Associate Account Executive', '')).toBe('entry');
  });

  it('when only years are asked, then entry, mid or senior by the fewest years named', () => {
    expect(inferExperienceLevel('Analyst', '1+ years of experience')).toBe('entry');
    expect(inferExperienceLevel('Analyst', '3-5 years of experience')).toBe('mid');
    expect(inferExperienceLevel('Analyst', '8+ years of experience')).toBe('senior');
    expect(inferExperienceLevel('Analyst', 'A great team.')).toBeUndefined();
  });
});

describe('inferRemoteDays', () => {
  it('when fully remote, then 5', () => {
    expect(inferRemoteDays('This role is fully remote.')).toBe(5);
    expect(inferRemoteDays('100% remote position')).toBe(5);
  });

  it('when hybrid, then the remote days, or five minus the office days', () => {
    expect(inferRemoteDays('Hybrid with 2 days remote per week')).toBe(2);
    expect(inferRemoteDays('2 days/week remote')).toBe(2);
    expect(inferRemoteDays('three days per week from home')).toBe(3);
    expect(inferRemoteDays('4 days a week on-site')).toBe(1);
    expect(inferRemoteDays('Hybrid: three days a week in the office')).toBe(2);
    expect(inferRemoteDays('hybrid schedule, 3 days')).toBe(3);
    expect(inferRemoteDays('On-site 5 days')).toBeUndefined();
    expect(inferRemoteDays('On-site at the customer.')).toBeUndefined();
  });
});
