import { colors, fontSizes, fontWeights, mq, space } from '@b2g/ui';
import { css } from '@emotion/react';

export const listStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[4],
});

/** One application, saved job or activity entry. */
export const itemStyles = css({
  display: 'grid',
  gap: space[3],
  padding: space[4],
  border: `1px solid ${colors.border}`,
  borderRadius: space[2],
  background: colors.surfaceRaised,
});

export const itemHeaderStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: space[3],
});

export const itemTitleStyles = css({
  margin: 0,
  fontSize: fontSizes.md,
  fontWeight: fontWeights.semibold,
  color: colors.foreground,
  overflowWrap: 'anywhere',
});

/** A line of secondary text: an item's description, an empty list's note. */
export const mutedTextStyles = css({ margin: 0, fontSize: fontSizes.sm, color: colors.muted });

/** An item's date or a card's caption, smaller and fainter. */
export const captionStyles = css({ margin: 0, fontSize: fontSizes.xs, color: colors.subtle });

export const metaStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${space[1]} ${space[4]}`,
  margin: 0,
  fontSize: fontSizes.sm,
  color: colors.muted,
  '& > span': { display: 'inline-flex', alignItems: 'center', gap: space[1] },
});

export const notesStyles = css({
  margin: 0,
  padding: space[3],
  fontSize: fontSizes.sm,
  color: colors.foreground,
  background: colors.surface,
  borderRadius: space[1.5],
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

export const actionsStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[2],
});

export const formGridStyles = css({
  display: 'grid',
  gap: space[4],
  [mq.sm]: { gridTemplateColumns: '1fr 1fr' },
  '& > .full': { gridColumn: '1 / -1' },
});

export const tabHeaderStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: space[3],
  marginBottom: space[4],
});

export const sectionTitleStyles = css({
  margin: 0,
  fontSize: fontSizes.lg,
  fontWeight: fontWeights.semibold,
});
