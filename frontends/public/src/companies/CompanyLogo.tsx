import { colors, radii } from '@b2g/ui';
import { css } from '@emotion/react';

const logoStyles = css({
  flexShrink: 0,
  borderRadius: radii.md,
  border: `1px solid ${colors.border}`,
  background: colors.surfaceRaised,
  objectFit: 'contain',
  verticalAlign: 'middle',
});

/**
 * A company's logo in a square of `size` CSS pixels, nothing when it has none. Decorative: the
 * company's name is always written beside it. Lazy below the fold (job cards).
 */
export function CompanyLogo({
  url,
  size,
  lazy = false,
}: {
  url: string | null | undefined;
  size: number;
  lazy?: boolean;
}) {
  return url ? (
    <img
      src={url}
      alt=""
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      css={[logoStyles, css({ width: size, height: size })]}
    />
  ) : null;
}
