import { css } from '@emotion/react';
import { colors, fontSizes, fontWeights, radii, space } from '../theme.js';

const totalsStyles = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(8.5rem, 1fr))',
  gap: space[3],
  margin: 0,
});
const totalStyles = css({
  display: 'grid',
  gap: space[1],
  padding: space[3],
  borderRadius: radii.md,
  background: colors.background,
  border: `1px solid ${colors.border}`,
  dt: { fontSize: fontSizes.sm, color: colors.muted },
  dd: { margin: 0, fontSize: fontSizes.xl, fontWeight: fontWeights.semibold },
});

/** A statistics table: figures right-aligned, the first column (what they count) left. */
export const statsTableStyles = css({
  borderCollapse: 'collapse',
  width: '100%',
  fontSize: fontSizes.sm,
  'th, td': { padding: `${space[1.5]} ${space[2]}`, textAlign: 'right' },
  'th:first-of-type, td:first-of-type': { textAlign: 'left', wordBreak: 'break-word' },
  'thead th': { borderBottom: `1px solid ${colors.border}`, color: colors.muted },
  'tbody tr + tr': { borderTop: `1px solid ${colors.border}` },
});

/** Totals as cards, each a term and its figure (a description list, read as pairs). */
export function StatTotals({
  items,
  label,
}: {
  items: ReadonlyArray<readonly [string, string | number]>;
  label?: string;
}) {
  return (
    <dl css={totalsStyles} aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term} css={totalStyles}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
