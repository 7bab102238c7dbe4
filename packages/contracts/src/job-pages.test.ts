import { describe, expect, it } from 'vitest';
import { jobPagePath } from './job-format.js';
import { descriptionBlocks } from './job-pages.js';

describe('descriptionBlocks', () => {
  it('when a description has paragraphs and both kinds of list, then each is its own block', () => {
    const text = [
      'We sell to agencies.',
      'Travel 20%.',
      '',
      'You will:',
      '- Lead captures',
      '* Write proposals',
      '',
      '1. Apply',
      '2) Interview',
      'Thanks!',
    ].join('\r\n');
    expect(descriptionBlocks(text)).toEqual([
      { kind: 'paragraph', lines: ['We sell to agencies.', 'Travel 20%.'] },
      { kind: 'paragraph', lines: ['You will:'] },
      { kind: 'bullets', items: ['Lead captures', 'Write proposals'] },
      { kind: 'numbered', items: ['Apply', 'Interview'] },
      { kind: 'paragraph', lines: ['Thanks!'] },
    ]);
  });

  it('when a description holds markup, then it stays text', () => {
    expect(descriptionBlocks('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', lines: ['<script>alert(1)</script>'] },
    ]);
  });

  it('when a description is blank, then there are no blocks', () => {
    expect(descriptionBlocks(' \n\n ')).toEqual([]);
  });
});

describe('jobPagePath', () => {
  it('when given an id, then it is the page path with the id encoded', () => {
    expect(jobPagePath('a/b')).toBe('/jobs/a%2Fb');
  });
});
