import { css, keyframes } from '@emotion/react';
import type { ComponentProps } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import {
  colors,
  fontSizes,
  fontWeights,
  lineHeights,
  radii,
  shadows,
  space,
  type Tone,
} from '../theme.js';

/* Card */
const cardStyles = css({
  background: colors.surfaceRaised,
  border: `1px solid ${colors.border}`,
  borderRadius: radii.xl,
  boxShadow: shadows.sm,
});
export function Card(props: ComponentProps<'div'>) {
  return <div css={cardStyles} {...props} />;
}
export function CardHeader(props: ComponentProps<'div'>) {
  return (
    <div
      css={css({ display: 'grid', gap: space[1.5], padding: space[6], paddingBottom: space[4] })}
      {...props}
    />
  );
}
export function CardTitle({
  as: Tag = 'h3',
  ...props
}: ComponentProps<'h3'> & { as?: 'h1' | 'h2' | 'h3' | 'h4' }) {
  return (
    <Tag
      css={css({
        margin: 0,
        fontSize: fontSizes.xl,
        fontWeight: fontWeights.semibold,
        lineHeight: lineHeights.tight,
      })}
      {...props}
    />
  );
}
export function CardDescription(props: ComponentProps<'p'>) {
  return <p css={css({ margin: 0, fontSize: fontSizes.sm, color: colors.muted })} {...props} />;
}
export function CardContent(props: ComponentProps<'div'>) {
  return <div css={css({ padding: `0 ${space[6]} ${space[6]}` })} {...props} />;
}
export function CardFooter(props: ComponentProps<'div'>) {
  return (
    <div
      css={css({
        display: 'flex',
        alignItems: 'center',
        gap: space[2],
        padding: `0 ${space[6]} ${space[6]}`,
      })}
      {...props}
    />
  );
}

/* Badge */
export type BadgeVariant = Tone | 'primary' | 'outline';
export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}
export function Badge({ variant = 'gray', ...props }: BadgeProps) {
  const tone =
    variant === 'primary'
      ? { background: colors.primary, foreground: colors.primaryForeground }
      : variant === 'outline'
        ? { background: 'transparent', foreground: colors.foreground }
        : colors.tones[variant];
  return (
    <span
      css={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: space[1],
        padding: `${space[0.5]} ${space[2]}`,
        borderRadius: radii.full,
        fontSize: fontSizes.xs,
        fontWeight: fontWeights.semibold,
        lineHeight: lineHeights.normal,
        whiteSpace: 'nowrap',
        background: tone.background,
        color: tone.foreground,
        border: `1px solid ${variant === 'outline' ? colors.border : 'transparent'}`,
      })}
      {...props}
    />
  );
}

/* Skeleton */
const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.5 } });
export function Skeleton(props: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      css={css({
        background: colors.skeleton,
        borderRadius: radii.md,
        animation: `${pulse} 2s ease-in-out infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      })}
      {...props}
    />
  );
}

/* Alert */
export type AlertVariant = 'info' | 'destructive' | 'success';
const alertTones: Record<AlertVariant, { background: string; border: string; foreground: string }> =
  {
    info: { background: colors.surface, border: colors.border, foreground: colors.foreground },
    destructive: {
      background: colors.destructiveSoft,
      border: colors.destructiveBorder,
      foreground: colors.destructive,
    },
    success: {
      background: colors.successSoft,
      border: colors.successBorder,
      foreground: colors.success,
    },
  };
const alertIcons = { info: Info, destructive: CircleAlert, success: CircleCheck } as const;

export interface AlertProps extends ComponentProps<'div'> {
  variant?: AlertVariant;
}
/** An inline message; destructive alerts are announced at once (role alert). */
export function Alert({ variant = 'info', children, role, ...props }: AlertProps) {
  const tone = alertTones[variant];
  const Icon = alertIcons[variant];
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      css={css({
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: space[3],
        padding: space[4],
        borderRadius: radii.lg,
        border: `1px solid ${tone.border}`,
        background: tone.background,
        color: tone.foreground,
        fontSize: fontSizes.sm,
      })}
      {...props}
    >
      <Icon aria-hidden="true" size={18} css={css({ marginTop: '1px' })} />
      <div css={css({ display: 'grid', gap: space[1] })}>{children}</div>
    </div>
  );
}
export function AlertTitle(props: ComponentProps<'h5'>) {
  return (
    <h5
      css={css({ margin: 0, fontSize: fontSizes.sm, fontWeight: fontWeights.semibold })}
      {...props}
    />
  );
}
export function AlertDescription(props: ComponentProps<'div'>) {
  return <div css={css({ fontSize: fontSizes.sm, lineHeight: lineHeights.normal })} {...props} />;
}
