import * as DropdownMenuPrimitive from '@radix-ui/react-dropdown-menu';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import {
  colors,
  fontSizes,
  fontWeights,
  radii,
  shadows,
  sizes,
  space,
  zIndices,
} from '../theme.js';

/* Dropdown menu */
export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;

export function DropdownMenuContent({
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof DropdownMenuPrimitive.Content>) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        css={css({
          zIndex: zIndices.dropdown,
          minWidth: '220px',
          padding: space[1],
          background: colors.surfaceRaised,
          border: `1px solid ${colors.border}`,
          borderRadius: radii.lg,
          boxShadow: shadows.md,
        })}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export function DropdownMenuItem(props: ComponentProps<typeof DropdownMenuPrimitive.Item>) {
  return (
    <DropdownMenuPrimitive.Item
      css={css({
        display: 'flex',
        alignItems: 'center',
        gap: space[2],
        minHeight: sizes.controlSm,
        padding: `${space[1.5]} ${space[2]}`,
        borderRadius: radii.sm,
        fontSize: fontSizes.sm,
        color: colors.foreground,
        textDecoration: 'none',
        cursor: 'pointer',
        outline: 'none',
        userSelect: 'none',
        '&[data-highlighted]': { background: colors.mutedBackground },
        '&[data-disabled]': { opacity: 0.5, pointerEvents: 'none' },
        '& svg': { width: sizes.icon, height: sizes.icon, color: colors.muted },
      })}
      {...props}
    />
  );
}

export function DropdownMenuLabel(props: ComponentProps<typeof DropdownMenuPrimitive.Label>) {
  return (
    <DropdownMenuPrimitive.Label
      css={css({
        padding: `${space[1.5]} ${space[2]}`,
        fontSize: fontSizes.sm,
        fontWeight: fontWeights.semibold,
      })}
      {...props}
    />
  );
}

export function DropdownMenuSeparator(
  props: ComponentProps<typeof DropdownMenuPrimitive.Separator>,
) {
  return (
    <DropdownMenuPrimitive.Separator
      css={css({ height: '1px', margin: `${space[1]} -${space[1]}`, background: colors.border })}
      {...props}
    />
  );
}
