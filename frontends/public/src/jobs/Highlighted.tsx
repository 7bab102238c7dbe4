import type { JobHighlights } from '@b2g/contracts';
import { colors, fontWeights, radii } from '@b2g/ui';
import { css } from '@emotion/react';
import type { ReactNode } from 'react';

const markStyles = css({
  backgroundColor: colors.tones.yellow.background,
  color: 'inherit',
  fontWeight: fontWeights.semibold,
  borderRadius: radii.sm,
});

type Ranges = JobHighlights['title'];

/**
 * `text` with the search's matches in <mark>: the server sends [start, end) ranges of the plain
 * text, never markup, and React renders every piece as text.
 */
export function Highlighted({ text, ranges }: { text: string; ranges: Ranges }): ReactNode {
  if (!ranges || ranges.length === 0) return text;
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) pieces.push(text.slice(at, start));
    pieces.push(
      <mark key={start} css={markStyles}>
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces;
}
