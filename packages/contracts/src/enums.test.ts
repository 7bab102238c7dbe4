import { describe, expect, it } from 'vitest';
import { humanize } from './enums.js';

describe('humanize', () => {
  it('when an enumeration value is shown, then underscores become spaces and words are capitalised', () => {
    expect(humanize('interview_scheduled')).toBe('Interview Scheduled');
    expect(humanize('applied')).toBe('Applied');
  });
});
