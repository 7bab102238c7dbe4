import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, fontSizes, radii, shadows, space, zIndices } from '../theme.js';

/* Tooltip: one provider for the page (web-platform renders it with the spec's delays). */
export const TooltipProvider = TooltipPrimitive.Provider;
export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  sideOffset = 6,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        css={css({
          zIndex: zIndices.toast,
          padding: `${space[1.5]} ${space[2]}`,
          borderRadius: radii.md,
          background: colors.foreground,
          color: colors.background,
          fontSize: fontSizes.xs,
          boxShadow: shadows.md,
          maxWidth: '280px',
        })}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}
