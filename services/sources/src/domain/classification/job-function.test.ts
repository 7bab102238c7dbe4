import { describe, expect, it } from 'vitest';
import { classifyFunction } from './job-function.js';

const role = (title: string, department?: string, description = '') =>
  classifyFunction(title, department, description).value;

describe('classifyFunction', () => {
  it('when the title names roles, then its head noun wins, the longest phrase first', () => {
    expect(role('Sales Engineer')).toBe('technical');
    expect(role('Technical Account Executive')).toBe('sales');
    expect(role('Technical Recruiter')).toBe('other');
    expect(role('Financial Analyst')).toBe('other');
    expect(role('Help Desk Technician')).toBe('technical');
    expect(role('Information Security Officer')).toBe('technical');
    expect(role('Security Officer - Armed')).toBe('other');
    expect(role('Proposal Manager')).toBe('sales');
    expect(role('Director of Product Marketing')).toBe('marketing');
  });

  it('when qualifiers follow the role, then they do not change it', () => {
    expect(role('Account Executive - Federal Engineering Programs')).toBe('sales');
    expect(role('Software Engineer, Sales Tools')).toBe('technical');
    expect(role('VP, Sales')).toBe('sales');
  });

  it('when the title names no role, then the department, then the description decide', () => {
    expect(role('Specialist II', 'Marketing')).toBe('marketing');
    const fromText = classifyFunction(
      'Associate',
      undefined,
      'Prospect new accounts, build sales pipeline and close sales with buyers. Report sales forecasts.',
    );
    expect(fromText.value).toBe('sales');
    expect(fromText.confidence).toBeLessThan(0.6);
    expect(role('Associate')).toBeNull();
  });
});
