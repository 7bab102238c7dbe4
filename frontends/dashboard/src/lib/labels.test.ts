import { describe, expect, it } from 'vitest';
import { humanize, statusTone } from './labels.js';

describe('status labels', () => {
  it.each([
    ['applied', 'blue'],
    ['under_review', 'yellow'],
    ['interview_scheduled', 'green'],
    ['offer_received', 'emerald'],
    ['rejected', 'red'],
    ['withdrawn', 'gray'],
  ])('when the status is %s, then the badge is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('when a status is shown, then underscores become spaces and words are capitalised', () => {
    expect(humanize('interview_scheduled')).toBe('Interview Scheduled');
    expect(humanize('applied')).toBe('Applied');
  });
});
