import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import Check from 'lucide-react/icons/check';
import { colors, durations, focusRing, radii, space } from '../theme.js';

const boxSize = '18px';

/** What the checkbox, the switch and the radio share: a fixed size, a pointer, a focus ring. */
const controlStyles = css({
  flexShrink: 0,
  padding: 0,
  cursor: 'pointer',
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
  ...focusRing,
});

/** The checkbox's and the radio's box, its mark centred. */
const boxStyles = css(controlStyles, {
  width: boxSize,
  height: boxSize,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `1px solid ${colors.inputBorder}`,
  background: colors.background,
});

export function Checkbox(props: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      css={[
        boxStyles,
        css({
          borderRadius: radii.sm,
          color: colors.primaryForeground,
          '&[data-state="checked"]': { background: colors.primary, borderColor: colors.primary },
          '&[aria-invalid="true"]': { borderColor: colors.destructive },
        }),
      ]}
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
      css={[
        controlStyles,
        css({
          width: trackWidth,
          height: trackHeight,
          position: 'relative',
          borderRadius: radii.full,
          border: 'none',
          background: colors.inputBorder,
          transition: `background-color ${durations.normal}`,
          '&[data-state="checked"]': { background: colors.primary },
        }),
      ]}
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
      css={[
        boxStyles,
        css({
          borderRadius: radii.full,
          '&[data-state="checked"]': { borderColor: colors.primary },
        }),
      ]}
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
