import { describe, expect, it } from 'vitest';
import { escapeXml } from './documents.js';

describe('escapeXml', () => {
  it('when text has markup characters, then each is a character reference', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;',
    );
  });

  it('when text has characters XML forbids, then they are dropped and the rest kept', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\uFFFEe\uD800f\tg\nh\u2028i😀')).toBe(
      'abcdef\tg\nh\u2028i😀',
    );
  });
});
