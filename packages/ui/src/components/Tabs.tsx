import * as TabsPrimitive from '@radix-ui/react-tabs';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, focusRing, fontSizes, fontWeights, radii, shadows, space } from '../theme.js';

/* Tabs */
export const Tabs = TabsPrimitive.Root;
export function TabsList(props: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      css={css({
        display: 'flex',
        gap: space[1],
        padding: space[1],
        background: colors.mutedBackground,
        borderRadius: radii.lg,
        overflowX: 'auto',
      })}
      {...props}
    />
  );
}
export function TabsTrigger(props: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      css={css({
        flex: '1 0 auto',
        padding: `${space[2]} ${space[3]}`,
        border: 'none',
        borderRadius: radii.md,
        background: 'transparent',
        color: colors.muted,
        fontSize: fontSizes.sm,
        fontWeight: fontWeights.medium,
        cursor: 'pointer',
        '&[data-state="active"]': {
          background: colors.background,
          color: colors.foreground,
          boxShadow: shadows.sm,
        },
        ...focusRing,
      })}
      {...props}
    />
  );
}
export function TabsContent(props: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content css={css({ marginTop: space[4], ...focusRing })} {...props} />;
}
