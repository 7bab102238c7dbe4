import { FormField, SimpleSelect, type SimpleSelectProps } from '@b2g/ui';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

interface FormSelectProps<T extends FieldValues, Transformed> {
  control: Control<T, unknown, Transformed>;
  name: FieldPath<T>;
  label: string;
  error: string | undefined;
  options: SimpleSelectProps['options'];
  /** What the select shows while the form holds no value. */
  fallback?: string;
}

/** A labelled select bound to a form's field (a select is not an input the form can register). */
export function FormSelect<T extends FieldValues, Transformed = T>({
  control,
  name,
  label,
  error,
  options,
  fallback,
}: FormSelectProps<T, Transformed>) {
  const { field } = useController({ control, name });
  return (
    <FormField label={label} error={error}>
      <SimpleSelect
        options={options}
        value={field.value ?? fallback}
        onValueChange={field.onChange}
      />
    </FormField>
  );
}
