import { MX_RECORDS } from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { completedSteps } from './checkResult.js';

const allMx = MX_RECORDS.map(({ value }) => value);

describe('completedSteps', () => {
  it('when every record checks out, then all five steps are done', () => {
    expect(
      completedSteps({ verification: true, mx: allMx, spf: true, dkim: true, dmarc: true }),
    ).toEqual(['verification', 'mx', 'spf', 'dkim', 'dmarc']);
  });

  it('when only four MX entries come back, then the MX step is not done', () => {
    expect(
      completedSteps({
        verification: false,
        mx: allMx.slice(0, 4),
        spf: true,
        dkim: false,
        dmarc: true,
      }),
    ).toEqual(['spf', 'dmarc']);
  });
});
