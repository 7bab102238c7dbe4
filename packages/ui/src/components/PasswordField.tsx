import type { ReactNode } from 'react';
import { Input, type InputProps } from './Input.js';
import { FormField } from './Label.js';

export interface PasswordFieldProps extends Omit<InputProps, 'type' | 'autoComplete'> {
  label: ReactNode;
  /** A validation message shown under the input. */
  error?: string | undefined;
  description?: ReactNode;
  /** The password the browser offers: the account's own, or a new one it may save. */
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with its label and message (FormField). */
export function PasswordField({
  label,
  error,
  description,
  required,
  ...input
}: PasswordFieldProps) {
  return (
    <FormField label={label} error={error} description={description} required={required}>
      <Input type="password" {...input} />
    </FormField>
  );
}
