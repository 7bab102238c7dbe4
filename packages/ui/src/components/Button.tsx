import { Slot } from '@radix-ui/react-slot';
import { css, type SerializedStyles } from '@emotion/react';
import type { ComponentProps } from 'react';
import {
  colors,
  durations,
  focusRing,
  fontSizes,
  fontWeights,
  radii,
  sizes,
  space,
} from '../theme.js';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: space[2],
  borderRadius: radii.md,
  border: '1px solid transparent',
  fontWeight: fontWeights.medium,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  textDecoration: 'none',
  transition: `background-color ${durations.fast}, border-color ${durations.fast}, color ${durations.fast}`,
  '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  '& svg': { width: sizes.icon, height: sizes.icon, flexShrink: 0 },
  ...focusRing,
});

const variants: Record<ButtonVariant, SerializedStyles> = {
  primary: css({
    background: colors.primary,
    color: colors.primaryForeground,
    '&:hover:not(:disabled)': { background: colors.primaryHover },
  }),
  secondary: css({
    background: colors.mutedBackground,
    color: colors.foreground,
    '&:hover:not(:disabled)': { background: colors.border },
  }),
  outline: css({
    background: colors.background,
    color: colors.foreground,
    borderColor: colors.inputBorder,
    '&:hover:not(:disabled)': { background: colors.mutedBackground },
  }),
  ghost: css({
    background: 'transparent',
    color: colors.foreground,
    '&:hover:not(:disabled)': { background: colors.mutedBackground },
  }),
  destructive: css({
    background: colors.destructive,
    color: colors.primaryForeground,
    '&:hover:not(:disabled)': { background: colors.destructiveHover },
  }),
  link: css({
    background: 'transparent',
    color: colors.primary,
    padding: 0,
    height: 'auto',
    textUnderlineOffset: '4px',
    '&:hover:not(:disabled)': { textDecoration: 'underline' },
  }),
};

const sizeStyles: Record<ButtonSize, SerializedStyles> = {
  sm: css({ height: sizes.controlSm, padding: `0 ${space[3]}`, fontSize: fontSizes.sm }),
  md: css({ height: sizes.control, padding: `0 ${space[4]}`, fontSize: fontSizes.sm }),
  lg: css({ height: sizes.controlLg, padding: `0 ${space[6]}`, fontSize: fontSizes.md }),
  icon: css({ height: sizes.control, width: sizes.control, padding: 0 }),
};

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the only child (a link, say) with the button's looks. */
  asChild?: boolean;
  fullWidth?: boolean;
}

export function buttonStyles(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return [base, sizeStyles[size], variants[variant]];
}

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  fullWidth = false,
  type,
  ...props
}: ButtonProps) {
  const styles = [...buttonStyles(variant, size), fullWidth && css({ width: '100%' })];
  if (asChild) return <Slot css={styles} {...props} />;
  return <button type={type ?? 'button'} css={styles} {...props} />;
}
