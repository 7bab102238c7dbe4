import { css } from '@emotion/react';
import type { ComponentProps } from 'react';
import { colors, durations, fontSizes, lineHeights, radii, sizes, space } from '../theme.js';

export const fieldStyles = css({
  display: 'block',
  width: '100%',
  minHeight: sizes.control,
  padding: `${space[2]} ${space[3]}`,
  fontSize: fontSizes.md,
  lineHeight: lineHeights.normal,
  color: colors.foreground,
  background: colors.background,
  border: `1px solid ${colors.inputBorder}`,
  borderRadius: radii.md,
  transition: `border-color ${durations.fast}, box-shadow ${durations.fast}`,
  '&::placeholder': { color: colors.subtle },
  '&:focus-visible': {
    outline: 'none',
    borderColor: colors.focus,
    boxShadow: `0 0 0 3px ${colors.primarySoft}`,
  },
  '&[aria-invalid="true"]': { borderColor: colors.destructive },
  '&:disabled': { opacity: 0.6, cursor: 'not-allowed', background: colors.mutedBackground },
});

export type InputProps = ComponentProps<'input'>;

export function Input(props: InputProps) {
  return <input css={fieldStyles} {...props} />;
}

export type TextareaProps = ComponentProps<'textarea'>;

export function Textarea({ rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} css={[fieldStyles, css({ resize: 'vertical' })]} {...props} />;
}
