import * as ToastPrimitive from '@radix-ui/react-toast';
import { css, keyframes } from '@emotion/react';
import type { ComponentProps } from 'react';
import X from 'lucide-react/icons/x';
import {
  colors,
  durations,
  focusRing,
  fontSizes,
  fontWeights,
  mq,
  radii,
  shadows,
  space,
  zIndices,
} from '../theme.js';

export const ToastProvider = ToastPrimitive.Provider;

export interface ToastViewportProps extends ComponentProps<typeof ToastPrimitive.Viewport> {
  /** Widest the viewport gets from medium screens up. */
  maxWidthPx: number;
}

/** Top of the screen on phones, bottom right from small screens up. */
export function ToastViewport({ maxWidthPx, ...props }: ToastViewportProps) {
  return (
    <ToastPrimitive.Viewport
      css={css({
        position: 'fixed',
        top: 0,
        zIndex: zIndices.toast,
        display: 'flex',
        flexDirection: 'column-reverse',
        gap: space[2],
        width: '100%',
        maxHeight: '100vh',
        margin: 0,
        padding: space[4],
        listStyle: 'none',
        outline: 'none',
        [mq.sm]: { top: 'auto', bottom: 0, right: 0, flexDirection: 'column' },
        [mq.md]: { maxWidth: `${maxWidthPx}px` },
      })}
      {...props}
    />
  );
}

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 16px))' },
  to: { transform: 'translateX(0)' },
});
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const swipeOut = keyframes({
  from: { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
  to: { transform: 'translateX(calc(100% + 16px))' },
});

export type ToastVariant = 'default' | 'destructive';

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant;
}

export function Toast({ variant = 'default', ...props }: ToastProps) {
  const destructive = variant === 'destructive';
  return (
    <ToastPrimitive.Root
      css={css({
        position: 'relative',
        display: 'flex',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: space[3],
        width: '100%',
        padding: `${space[4]} ${space[10]} ${space[4]} ${space[4]}`,
        borderRadius: radii.lg,
        border: `1px solid ${destructive ? colors.destructive : colors.border}`,
        background: destructive ? colors.destructive : colors.surfaceRaised,
        color: destructive ? colors.primaryForeground : colors.foreground,
        boxShadow: shadows.lg,
        '&[data-state="open"]': { animation: `${slideIn} ${durations.normal} ease-out` },
        '&[data-state="closed"]': { animation: `${fadeOut} ${durations.normal} ease-in` },
        '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
        '&[data-swipe="cancel"]': {
          transform: 'translateX(0)',
          transition: `transform ${durations.normal}`,
        },
        '&[data-swipe="end"]': { animation: `${swipeOut} ${durations.normal} ease-out` },
        '@media (prefers-reduced-motion: reduce)': { animation: 'none !important' },
      })}
      {...props}
    />
  );
}

export function ToastTitle(props: ComponentProps<typeof ToastPrimitive.Title>) {
  return (
    <ToastPrimitive.Title
      css={css({ fontSize: fontSizes.sm, fontWeight: fontWeights.semibold })}
      {...props}
    />
  );
}

export function ToastDescription(props: ComponentProps<typeof ToastPrimitive.Description>) {
  return (
    <ToastPrimitive.Description css={css({ fontSize: fontSizes.sm, opacity: 0.9 })} {...props} />
  );
}

export function ToastClose(props: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      css={css({
        position: 'absolute',
        top: space[2],
        right: space[2],
        display: 'inline-flex',
        padding: space[1],
        border: 'none',
        borderRadius: radii.sm,
        background: 'transparent',
        color: 'inherit',
        opacity: 0.7,
        cursor: 'pointer',
        '&:hover': { opacity: 1 },
        ...focusRing,
      })}
      {...props}
    >
      <X aria-hidden="true" size={16} />
    </ToastPrimitive.Close>
  );
}

export function ToastAction(props: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      css={css({
        flexShrink: 0,
        padding: `${space[1]} ${space[3]}`,
        border: '1px solid currentColor',
        borderRadius: radii.md,
        background: 'transparent',
        color: 'inherit',
        fontSize: fontSizes.sm,
        fontWeight: fontWeights.medium,
        cursor: 'pointer',
        ...focusRing,
      })}
      {...props}
    />
  );
}
