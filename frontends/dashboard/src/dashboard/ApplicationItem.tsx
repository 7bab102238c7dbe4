import {
  updateApplicationRequestSchema,
  type ApplicationStatus,
  type ApplicationWithJob,
  type UpdateApplicationRequest,
} from '@b2g/contracts';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogFormFooter,
  FormField,
  Input,
  SimpleSelect,
  sizes,
  space,
  Textarea,
} from '@b2g/ui';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import Pencil from 'lucide-react/icons/pencil';
import Trash from 'lucide-react/icons/trash-2';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { input } from 'zod';
import { ExternalJobLink } from '../components/ExternalJobLink.js';
import { StatusBadge } from '../components/StatusBadge.js';
import { formatDate, toDateInputValue } from '../lib/dates.js';
import { STATUS_OPTIONS } from '../lib/labels.js';
import { actionsStyles, itemHeaderStyles, itemStyles, notesStyles } from './styles.js';
import { JobItemSummary } from './JobItemSummary.js';
import { usePastFollowUpCheck } from './PastFollowUp.js';
import { useApplicationMutations } from './useApplicationMutations.js';

type EditForm = input<typeof updateApplicationRequestSchema>;

function EditApplicationForm({
  application,
  onSave,
  onCancel,
  saving,
}: {
  application: ApplicationWithJob;
  onSave: (body: UpdateApplicationRequest) => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const savedDay = toDateInputValue(application.followUpDate);
  const form = useForm<EditForm, unknown, UpdateApplicationRequest>({
    resolver: zodResolver(updateApplicationRequestSchema),
    defaultValues: {
      notes: application.notes ?? '',
      followUpDate: savedDay,
    },
  });
  const { errors } = form.formState;
  const pastCheck = usePastFollowUpCheck(onSave, savedDay);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => pastCheck.submit(body, form.getValues('followUpDate')))}
    >
      <div css={css({ display: 'grid', gap: space[4], marginBottom: space[6] })}>
        <FormField label="Follow-up date" error={errors.followUpDate?.message}>
          <Input type="date" {...form.register('followUpDate')} />
        </FormField>
        <FormField label="Notes" error={errors.notes?.message}>
          <Textarea rows={4} {...form.register('notes')} />
        </FormField>
      </div>
      {pastCheck.prompt}
      <DialogFormFooter onCancel={onCancel} pending={saving} pendingLabel="Saving...">
        Save Changes
      </DialogFormFooter>
    </form>
  );
}

/** One tracked application with its status select, edit dialog and removal. */
export function ApplicationItem({ application }: { application: ApplicationWithJob }) {
  const { job } = application;
  const { update, remove } = useApplicationMutations(application.id);
  const [editing, setEditing] = useState(false);
  const statusId = useId();
  return (
    <li css={itemStyles} aria-label={job.title}>
      <div css={itemHeaderStyles}>
        <JobItemSummary job={job} dated={<>Applied {formatDate(application.appliedAt)}</>}>
          {application.followUpDate ? (
            <span>Follow up {formatDate(application.followUpDate)}</span>
          ) : null}
        </JobItemSummary>
        <div css={actionsStyles}>
          <StatusBadge status={application.status} />
          <ExternalJobLink job={job} />
        </div>
      </div>
      {application.notes ? <p css={notesStyles}>{application.notes}</p> : null}
      <div css={actionsStyles}>
        <div css={css({ minWidth: '200px' })}>
          <FormField id={statusId} label="Status">
            <SimpleSelect
              options={STATUS_OPTIONS}
              value={application.status}
              disabled={update.isPending}
              onValueChange={(status) => {
                if (status !== application.status)
                  update.mutate({ status: status as ApplicationStatus });
              }}
            />
          </FormField>
        </div>
        <div css={[actionsStyles, css({ alignSelf: 'flex-end' })]}>
          <Dialog open={editing} onOpenChange={setEditing}>
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" width={sizes.icon} height={sizes.icon} />
              Edit
            </Button>
            <DialogContent
              title="Edit application"
              description={`Notes and follow-up date for ${job.title} at ${job.company}.`}
            >
              {editing ? (
                <EditApplicationForm
                  application={application}
                  saving={update.isPending}
                  onCancel={() => setEditing(false)}
                  onSave={(body) => update.mutate(body, { onSuccess: () => setEditing(false) })}
                />
              ) : null}
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="sm" disabled={remove.isPending}>
                <Trash aria-hidden="true" width={sizes.icon} height={sizes.icon} />
                Remove
              </Button>
            }
            confirmation={{
              title: 'Remove this application?',
              description: (
                <>
                  {job.title} at {job.company} will no longer be tracked. This cannot be undone.
                </>
              ),
              confirmLabel: 'Remove',
              onConfirm: () => remove.mutate(),
            }}
          />
        </div>
      </div>
    </li>
  );
}
