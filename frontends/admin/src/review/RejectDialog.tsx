import { rejectRequestSchema, type RejectRequest, type ReviewItem } from '@b2g/contracts';
import { DialogContent, DialogFormFooter, FormField, space, Textarea } from '@b2g/ui';
import { css } from '@emotion/react';
import { useState, type FormEvent } from 'react';

export interface RejectDialogProps {
  job: ReviewItem;
  pending: boolean;
  onCancel: () => void;
  onReject: (body: RejectRequest) => void;
}

/** Asks the reason for a rejection (required: the poster is sent it). Inside a Dialog root. */
export function RejectDialog({ job, pending, onCancel, onReject }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = rejectRequestSchema.safeParse({ reason });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) onReject(parsed.data);
  };
  return (
    <DialogContent
      title="Reject this post"
      description={`“${job.title}” stays off the board. The poster is e-mailed the reason.`}
    >
      <form noValidate onSubmit={submit} css={css({ display: 'grid', gap: space[4] })}>
        <FormField label="Reason" required error={error}>
          <Textarea rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
        </FormField>
        <DialogFormFooter onCancel={onCancel} pending={pending} pendingLabel="Rejecting...">
          Reject
        </DialogFormFooter>
      </form>
    </DialogContent>
  );
}
