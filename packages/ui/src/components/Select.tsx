import * as SelectPrimitive from '@radix-ui/react-select';
import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import Check from 'lucide-react/icons/check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { colors, fontSizes, radii, shadows, sizes, space, zIndices } from '../theme.js';
import { selectChevronStyles, selectTriggerStyles } from './selectStyles.js';

export const Select = SelectPrimitive.Root;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger css={selectTriggerStyles} {...props}>
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden="true" size={16} css={selectChevronStyles} />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        sideOffset={4}
        css={css({
          zIndex: zIndices.dropdown,
          minWidth: 'var(--radix-select-trigger-width)',
          maxHeight: 'var(--radix-select-content-available-height)',
          overflow: 'hidden',
          background: colors.surfaceRaised,
          border: `1px solid ${colors.border}`,
          borderRadius: radii.md,
          boxShadow: shadows.md,
        })}
        {...props}
      >
        <SelectPrimitive.Viewport css={css({ padding: space[1] })}>
          {children}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      css={css({
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        minHeight: sizes.controlSm,
        padding: `${space[1.5]} ${space[2]} ${space[1.5]} ${space[8]}`,
        fontSize: fontSizes.sm,
        borderRadius: radii.sm,
        cursor: 'pointer',
        userSelect: 'none',
        outline: 'none',
        '&[data-highlighted]': { background: colors.primarySoft, color: colors.primaryHover },
        '&[data-disabled]': { opacity: 0.5, pointerEvents: 'none' },
      })}
      {...props}
    >
      <span css={css({ position: 'absolute', left: space[2], display: 'inline-flex' })}>
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden="true" size={16} />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export interface SelectOptionItem {
  readonly label: string;
  readonly value: string;
}

export interface SimpleSelectProps extends Omit<
  ComponentProps<typeof SelectPrimitive.Root>,
  'children'
> {
  options: readonly SelectOptionItem[];
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * SimpleSelect once Radix's select has loaded (`SimpleSelect.tsx` loads it on first use);
 * `autoFocus` focuses its trigger, which takes the place of the one the user pressed.
 */
export function RadixSimpleSelect({
  options,
  placeholder,
  id,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  autoFocus,
  ...props
}: SimpleSelectProps & { autoFocus?: boolean }) {
  return (
    <Select {...props}>
      <SelectTrigger
        autoFocus={autoFocus}
        id={id}
        aria-label={ariaLabel}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
