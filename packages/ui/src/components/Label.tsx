import * as LabelPrimitive from '@radix-ui/react-label';
import { css } from '@emotion/react';
import {
  Children,
  cloneElement,
  isValidElement,
  useId,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react';
import { colors, fontSizes, fontWeights, space } from '../theme.js';

const labelStyles = css({
  display: 'inline-block',
  fontSize: fontSizes.sm,
  fontWeight: fontWeights.medium,
  color: colors.foreground,
  lineHeight: 1.4,
});

export function Label(props: ComponentProps<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root css={labelStyles} {...props} />;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Id of the control; generated when absent. */
  id?: string;
  /** A validation message shown under the control and announced to screen readers. */
  error?: string | undefined;
  description?: ReactNode;
  /** Marks the label of a required field. */
  required?: boolean;
  /** Exactly one control element (Input, Textarea, Select trigger, …). */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A label, a control and its message, wired together with ids and aria attributes. */
export function FormField({
  label,
  id,
  error,
  description,
  required,
  children,
  className,
}: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const errorId = `${controlId}-error`;
  const descriptionId = `${controlId}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const control = Children.only(children);
  return (
    <div
      // Rows keep their own height when a neighbour in the form's grid is taller.
      css={css({ display: 'grid', gap: space[1.5], alignContent: 'start' })}
      className={className}
    >
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span aria-hidden="true" css={css({ color: colors.destructive, marginLeft: space[0.5] })}>
            *
          </span>
        ) : null}
      </Label>
      {isValidElement(control)
        ? cloneElement(control, {
            id: controlId,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy || undefined,
            'aria-required': required || undefined,
          })
        : control}
      {description ? (
        <p
          id={descriptionId}
          css={css({ fontSize: fontSizes.xs, color: colors.subtle, margin: 0 })}
        >
          {description}
        </p>
      ) : null}
      {error ? (
        <p
          id={errorId}
          css={css({
            fontSize: fontSizes.sm,
            color: colors.destructive,
            margin: 0,
            fontWeight: fontWeights.medium,
          })}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
