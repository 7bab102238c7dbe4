import { colors, fontWeights, radii, shadows, space, zIndices } from '@b2g/ui';
import { css } from '@emotion/react';

export const MAIN_ID = 'main';

const hiddenUntilFocused = css({
  position: 'absolute',
  left: space[4],
  top: space[2],
  zIndex: zIndices.toast,
  padding: `${space[2]} ${space[4]}`,
  borderRadius: radii.md,
  background: colors.background,
  color: colors.primary,
  fontWeight: fontWeights.semibold,
  boxShadow: shadows.md,
  transform: 'translateY(-200%)',
  '&:focus': { transform: 'none', outline: `2px solid ${colors.focus}` },
});

/** The page's first stop for the keyboard: past the header's links to the page itself. */
export function SkipLink() {
  return (
    <a href={`#${MAIN_ID}`} css={hiddenUntilFocused}>
      Skip to main content
    </a>
  );
}
