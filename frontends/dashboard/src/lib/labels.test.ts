import { describe, expect, it } from 'vitest';
import { statusTone } from './labels.js';

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
});
