import { describe, expect, it } from 'vitest';
import {
  companyPagePath,
  companySlug,
  companySlugParamSchema,
  companyUpdateRequestSchema,
} from './companies.js';

describe('companySlug', () => {
  it('when a name has words, then they are lowercase ASCII joined by "-"', () => {
    expect(companySlug('Acme Federal, Inc.')).toBe('acme-federal-inc');
    expect(companySlug('Booz Allen & Hamilton')).toBe('booz-allen-and-hamilton');
    expect(companySlug('Société Générale')).toBe('societe-generale');
  });

  it('when a name has no letters or digits, then there is no slug and no page', () => {
    expect(companySlug('—')).toBe('');
    expect(companyPagePath('—')).toBeUndefined();
    expect(companyPagePath('Acme')).toBe('/companies/acme');
  });

  it('when a name is long, then the slug is cut at a word within the limit and still parses', () => {
    const slug = companySlug(`${'word '.repeat(40)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(companySlugParamSchema.safeParse({ slug }).success).toBe(true);
  });

  it('when a slug param has other characters, then it is refused', () => {
    expect(companySlugParamSchema.safeParse({ slug: '../etc' }).success).toBe(false);
    expect(companySlugParamSchema.safeParse({ slug: 'Acme' }).success).toBe(false);
  });

  it('when an update has unknown keys or an overlong description, then it is refused', () => {
    expect(companyUpdateRequestSchema.safeParse({ logo: 'x' }).success).toBe(false);
    expect(companyUpdateRequestSchema.safeParse({ description: 'x'.repeat(1_001) }).success).toBe(
      false,
    );
    expect(
      companyUpdateRequestSchema.parse({ website: 'https://acme.example', description: '' }),
    ).toEqual({ website: 'https://acme.example', description: null });
  });
});
