import { describe, expect, it } from 'vitest';
import { extractJob } from './extract.js';

describe('extractJob', () => {
  it('when the posting sits in a nested object, then it is still found', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","mainEntity":{"@type":"JobPosting","title":"Capture Manager","hiringOrganization":"Acme Federal","jobLocation":{"address":"Reston, VA"}}}</script>`;
    expect(extractJob(html)).toMatchObject({
      title: 'Capture Manager',
      company: 'Acme Federal',
      location: 'Reston, VA',
    });
  });

  it('when the JSON-LD is broken, then the meta tags still fill in', () => {
    const html = `<title>Grant Writer</title><script type="application/ld+json">{"@type": "JobPosting", </script><meta name="description" content="Write grants.">`;
    expect(extractJob(html)).toMatchObject({ title: 'Grant Writer', description: 'Write grants.' });
  });

  it('when the JSON-LD has a trailing comma or raw newlines, then it is read', () => {
    const html = `<script type="application/ld+json">{"@type":"JobPosting","title":"Proposal\nManager","description":"Line one\nline two",}</script>`;
    expect(extractJob(html)).toMatchObject({
      title: 'Proposal Manager',
      description: 'Line one line two',
    });
  });
});
