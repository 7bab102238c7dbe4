import { Checkbox } from '@b2g/ui';
import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export type FormCheckboxProps<T extends FieldValues, TOutput> = Omit<
  ComponentProps<typeof Checkbox>,
  'checked' | 'onCheckedChange' | 'onBlur' | 'name'
> & {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
};

/** A Checkbox bound to a form's boolean field: ticked is true, anything else false. */
export function FormCheckbox<T extends FieldValues, TOutput>({
  control,
  name,
  ...props
}: FormCheckboxProps<T, TOutput>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          {...props}
          checked={field.value === true}
          onCheckedChange={(checked) => field.onChange(checked === true)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
