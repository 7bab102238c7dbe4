import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text.js';

describe('htmlToText', () => {
  it('when given markup, then words separated once, tags and scripts gone', () => {
    expect(
      htmlToText('<p>One</p><ul><li>Two</li><li>Three&amp;Four</li></ul><script>x()</script>'),
    ).toBe('One Two Three&Four');
  });
});
