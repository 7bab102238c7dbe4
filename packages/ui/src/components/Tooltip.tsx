import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@b2g/contracts';
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, fontSizes, radii, shadows, space, zIndices } from '../theme.js';

/**
 * A tooltip with the spec's delays (open 700 ms, skip 300 ms). It brings its own provider, so only
 * a page that shows a tooltip loads Radix's positioning code (popper, floating-ui): a provider for
 * the whole page put about 20 KB gzip into every first load.
 */
export function Tooltip(props: ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      <TooltipPrimitive.Root {...props} />
    </TooltipPrimitive.Provider>
  );
}
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
