import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import Check from 'lucide-react/icons/check';
import { colors, durations, focusRing, radii, space } from '../theme.js';

const boxSize = '18px';

export function Checkbox(props: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      css={css({
        width: boxSize,
        height: boxSize,
        flexShrink: 0,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 0,
        borderRadius: radii.sm,
        border: `1px solid ${colors.inputBorder}`,
        background: colors.background,
        color: colors.primaryForeground,
        cursor: 'pointer',
        '&[data-state="checked"]': { background: colors.primary, borderColor: colors.primary },
        '&[aria-invalid="true"]': { borderColor: colors.destructive },
        '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
        ...focusRing,
      })}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check aria-hidden="true" size={14} strokeWidth={3} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

const trackWidth = '40px';
const trackHeight = '22px';
const thumbSize = '18px';

export function Switch(props: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      css={css({
        width: trackWidth,
        height: trackHeight,
        flexShrink: 0,
        padding: 0,
        position: 'relative',
        borderRadius: radii.full,
        border: 'none',
        background: colors.inputBorder,
        cursor: 'pointer',
        transition: `background-color ${durations.normal}`,
        '&[data-state="checked"]': { background: colors.primary },
        '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
        ...focusRing,
      })}
      {...props}
    >
      <SwitchPrimitive.Thumb
        css={css({
          display: 'block',
          width: thumbSize,
          height: thumbSize,
          borderRadius: radii.full,
          background: colors.background,
          transform: 'translateX(2px)',
          transition: `transform ${durations.normal}`,
          '&[data-state="checked"]': {
            transform: `translateX(calc(${trackWidth} - ${thumbSize} - 2px))`,
          },
        })}
      />
    </SwitchPrimitive.Root>
  );
}

export function RadioGroup(props: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root css={css({ display: 'grid', gap: space[2] })} {...props} />;
}

export function RadioGroupItem(props: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      css={css({
        width: boxSize,
        height: boxSize,
        flexShrink: 0,
        padding: 0,
        borderRadius: radii.full,
        border: `1px solid ${colors.inputBorder}`,
        background: colors.background,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        cursor: 'pointer',
        '&[data-state="checked"]': { borderColor: colors.primary },
        '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
        ...focusRing,
      })}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        css={css({
          width: '8px',
          height: '8px',
          borderRadius: radii.full,
          background: colors.primary,
        })}
      />
    </RadioGroupPrimitive.Item>
  );
}
