import { SITE_NAME } from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { brandedMailHtml, escapeMailHtml, mailButton } from './mail-html.js';

describe('the HTML part of e-mails', () => {
  it('when text carries markup characters, then each becomes a named reference', () => {
    expect(escapeMailHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('when a button links to an address with a quote, then the address cannot leave its attribute', () => {
    expect(mailButton('https://b2g.example/a"b', 'Go')).toContain(
      'href="https://b2g.example/a&quot;b"',
    );
  });

  it('when a branded e-mail is made, then it has the escaped subject as title, the content and the signature', () => {
    const html = brandedMailHtml('Jobs <new>', '<p>Body</p>', '<p>Why</p>');
    expect(html).toContain('<title>Jobs &lt;new&gt;</title>');
    expect(html).toContain('<p>Body</p>');
    expect(html).toContain(`— ${escapeMailHtml(SITE_NAME)}`);
  });
});
