import type { Types } from '@opensearch-project/opensearch';
import { InvalidCursorError } from '../../domain/search.js';

export type CursorValue = Types.Common.FieldValue;

/** Where a page ended: its last item's sort values and how many items came before and in it. */
export interface Cursor {
  after: CursorValue[];
  seen: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Reads a cursor back; one unreadable, or made for a sort of another `length`, is refused. */
export function decodeCursor(text: string, length: number): Cursor {
  let cursor: unknown;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError('unreadable cursor');
  }
  const { after, seen } = (typeof cursor === 'object' && cursor !== null ? cursor : {}) as {
    after?: unknown;
    seen?: unknown;
  };
  const valid =
    Array.isArray(after) &&
    after.length === length &&
    after.every((value) => typeof value === 'number' || typeof value === 'string') &&
    Number.isInteger(seen) &&
    (seen as number) >= 0;
  if (!valid) throw new InvalidCursorError('cursor of another search');
  return { after: after as CursorValue[], seen: seen as number };
}
