import { FormField, SimpleSelect, type SimpleSelectProps } from '@b2g/ui';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSelectProps<T extends FieldValues, Transformed> {
  control: Control<T, unknown, Transformed>;
  name: FieldPath<T>;
  label: string;
  options: SimpleSelectProps['options'];
  /** What the select shows while the form holds no value. */
  fallback?: string;
}

/**
 * A labelled select bound to a form's field, with the field's error (a select is not an input the
 * form can register).
 */
export function FormSelect<T extends FieldValues, Transformed = T>({
  control,
  name,
  label,
  options,
  fallback,
}: FormSelectProps<T, Transformed>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField label={label} error={fieldState.error?.message}>
      <SimpleSelect
        options={options}
        value={field.value ?? fallback}
        onValueChange={field.onChange}
      />
    </FormField>
  );
}
