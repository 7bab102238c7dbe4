import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, radii, sizes } from '../theme.js';

const iconCircleTones = {
  primary: { background: colors.primarySoft, color: colors.primary },
  success: { background: colors.successSoft, color: colors.success },
  destructive: { background: colors.destructiveSoft, color: colors.destructive },
} as const;

export interface IconCircleProps extends ComponentProps<'span'> {
  tone?: keyof typeof iconCircleTones;
}

/** An icon on a round tinted background, as a card's header leads with it. */
export function IconCircle({ tone = 'primary', ...props }: IconCircleProps) {
  return (
    <span
      css={css({
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        width: sizes.controlLg,
        height: sizes.controlLg,
        borderRadius: radii.full,
        ...iconCircleTones[tone],
      })}
      {...props}
    />
  );
}
