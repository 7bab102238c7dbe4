import { describe, expect, it } from 'vitest';
import { mergeUpdate } from './update.js';

describe('mergeUpdate', () => {
  it('when the update mixes plain fields and operators, then plain fields move into $set beside the additions', () => {
    const merged = mergeUpdate(
      { name: 'Ada', $set: { role: 'admin' }, $inc: { n: 1 } },
      {
        $set: { flag: true },
        $push: { list: 1 },
      },
    );

    expect(merged).toEqual({
      $set: { role: 'admin', name: 'Ada', flag: true },
      $inc: { n: 1 },
      $push: { list: 1 },
    });
  });

  it('when the update already pushes to other fields, then the additions join them', () => {
    expect(mergeUpdate({ $push: { tags: 'x' } }, { $push: { list: 1 } })).toEqual({
      $push: { tags: 'x', list: 1 },
    });
  });

  it('when the update already writes an added field, then it refuses', () => {
    expect(() => mergeUpdate({ $push: { list: 2 } }, { $push: { list: 1 } })).toThrow(
      /already has \$push\.list/,
    );
  });

  it('when the update is an aggregation pipeline, then it refuses', () => {
    expect(() => mergeUpdate([{ $set: { a: 1 } }], { $push: { list: 1 } })).toThrow(/pipeline/);
  });
});
