import { describe, expect, it } from 'vitest';
import { classifyClearance } from './clearance.js';

const read = (text: string, title = '') => {
  const { clearance, polygraph } = classifyClearance(title, text);
  return [clearance.value, polygraph.value];
};

describe('classifyClearance', () => {
  it('when a level is required, then it is read, the highest one winning', () => {
    expect(read('Active DoD Secret clearance required.')).toEqual(['secret', 'none']);
    expect(read('Must hold a current TS clearance.')).toEqual(['top_secret', 'none']);
    expect(read('Must possess a Top Secret/SCI clearance.')).toEqual(['ts_sci', 'none']);
    expect(read('Active Top Secret clearance with SCI eligibility.')).toEqual(['ts_sci', 'none']);
    expect(read('Requires a Public Trust (Tier 2) investigation.')).toEqual([
      'public_trust',
      'none',
    ]);
    expect(read('Secret clearance required. Must also hold TS/SCI.')).toEqual(['ts_sci', 'none']);
    expect(read('', 'Systems Administrator (Secret)')).toEqual(['secret', 'none']);
  });

  it('when a polygraph is named, then its kind is read; an unnamed kind is read as CI', () => {
    expect(read('TS/SCI with Full Scope Polygraph is required.')).toEqual(['ts_sci', 'full_scope']);
    expect(read('Clearance: TS/SCI w/ CI Poly.')).toEqual(['ts_sci', 'ci']);
    expect(read('Current TS/SCI with lifestyle poly.')).toEqual(['ts_sci', 'full_scope']);
    expect(read('Active TS/SCI with polygraph required.')).toEqual(['ts_sci', 'ci']);
  });

  it('when a level is only preferred, then none is required', () => {
    expect(read('An active Secret clearance is a plus.')).toEqual(['none', 'none']);
    expect(read('TS/SCI preferred but not required.')).toEqual(['none', 'none']);
    expect(read('Active Secret clearance required, TS/SCI with CI poly preferred.')).toEqual([
      'secret',
      'none',
    ]);
  });

  it('when "secret" is not about a clearance, or none is required, then it is none', () => {
    expect(read('Our secret sauce is the people.')).toEqual(['none', 'none']);
    expect(read('Protect trade secret information.')).toEqual(['none', 'none']);
    expect(read('No security clearance is required for this role.')).toEqual(['none', 'none']);
  });
});
