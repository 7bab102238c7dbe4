import type { Job } from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { beginningOf, rangesOf } from './highlight.js';

const job = (title: string, description = '') => ({ title, description }) as Job;
const slices = (text: string, ranges: Array<[number, number]> = []) =>
  ranges.map(([start, end]) => text.slice(start, end));

describe('beginningOf', () => {
  it('when the last word has three letters or more, then it is the beginning, accents folded', () => {
    expect(beginningOf(['lead', 'évé'])).toBe('eve');
    expect(beginningOf(['state and local'])).toBe('local');
  });

  it('when the last word is shorter or there is none, then there is no beginning', () => {
    expect(beginningOf(['capture', 'se'])).toBeUndefined();
    expect(beginningOf([])).toBeUndefined();
  });
});

describe('rangesOf', () => {
  it('when words begin with the beginning, then each whole word is a range, whatever its case or accents', () => {
    const { title } = job('Capture Manager: Cápturé <b>capturing</b> teams, recapture');
    const ranges = rangesOf(job(title), {}, 'capt');
    expect(slices(title, ranges?.title)).toEqual(['Capture', 'Cápturé', 'capturing']);
    expect(ranges).not.toHaveProperty('description');
  });

  it('when words are joined by an apostrophe or an underscore, then they are one word, in plain or accented text alike', () => {
    for (const tail of ['', ' – café']) {
      const { title } = job(`Captain's log, o'captain, sub_capture, capt_x${tail}`);
      expect(slices(title, rangesOf(job(title), {}, 'capt')?.title)).toEqual([
        "Captain's",
        'capt_x',
      ]);
    }
  });

  it('when the marked highlights and the beginnings overlap, then the ranges are merged', () => {
    const text = job('Lead Events', 'Plan events and eventually more');
    const ranges = rangesOf(
      text,
      {
        title: ['\uE000Lead\uE001 Events'],
        description: ['Plan \uE000events\uE001 and eventually more'],
      },
      'even',
    );
    expect(slices(text.title, ranges?.title)).toEqual(['Lead', 'Events']);
    expect(slices(text.description, ranges?.description)).toEqual(['events', 'eventually']);
  });

  it('when nothing is marked and no word begins so, then there are no highlights', () => {
    expect(rangesOf(job('Account Executive', 'Federal sales'), {}, 'capt')).toBeUndefined();
    expect(rangesOf(job('Account Executive'), {}, undefined)).toBeUndefined();
  });
});
