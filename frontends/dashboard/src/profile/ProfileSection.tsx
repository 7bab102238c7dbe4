import { Card, CardContent, CardDescription, CardHeader, CardTitle, SubmitButton } from '@b2g/ui';
import { FormAlert, type FailedSubmission } from '@b2g/web-platform';
import { css } from '@emotion/react';
import type { FormEventHandler, ReactNode } from 'react';
import { formStyles } from './styles.js';

export interface ProfileSectionProps {
  /** The card's h2. */
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One card of the profile page: its heading, the line under it and its body. */
export function ProfileSection({ title, description, className, children }: ProfileSectionProps) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export interface ProfileSectionFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's mutation: its failure shows in the alert, its pending state on the button. */
  mutation: FailedSubmission & { isPending: boolean };
  /** Title of the alert of a failed submission. */
  failedTitle: string;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}

/** A profile card's form: the alert of a failed submission, the fields and the submit button. */
export function ProfileSectionForm({
  onSubmit,
  mutation,
  failedTitle,
  submitLabel,
  pendingLabel,
  children,
}: ProfileSectionFormProps) {
  return (
    <form noValidate css={formStyles} onSubmit={onSubmit}>
      <FormAlert title={failedTitle} mutation={mutation} />
      {children}
      <div css={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <SubmitButton pending={mutation.isPending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
