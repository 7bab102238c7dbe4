// Through base: the frontends share that module at run time, so this uses the shell's copy.
import { Button, type ButtonProps } from '../base.js';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'asChild'> {
  /** The form is being sent: the button is disabled and reads `pendingLabel`. */
  pending: boolean;
  /** What the button reads meanwhile ("Saving..."). */
  pendingLabel: string;
}

/** A form's submit button, disabled and saying so while the form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={disabled || pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
