import {
  adminJobFormSchema,
  type AdminJob,
  type AdminJobForm,
  type AdminJobRequest,
} from '@b2g/contracts';
import {
  Checkbox,
  colors,
  Dialog,
  DialogContent,
  DialogFormFooter,
  fontSizes,
  fontWeights,
  FormField,
  Input,
  JOB_FUNCTION_OPTIONS,
  JOB_TERM_NAMES,
  JobTermsFields,
  Label,
  mq,
  SimpleSelect,
  space,
  Textarea,
} from '@b2g/ui';
import { apiRequest, toast, useMutation, useQueryClient } from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { ADMIN_JOBS_PATH, refreshJobs, toastFailure } from '../admin/adminApi.js';
import {
  EMPLOYER_TYPE_OPTIONS,
  EXPERIENCE_OPTIONS,
  jobFormValues,
  newJobFormValues,
  NO_REMOTE_DAYS,
  REMOTE_DAYS_OPTIONS,
  SECTOR_OPTIONS,
  SOURCE_OPTIONS,
} from './jobFormValues.js';

export interface JobFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The job to edit; without it the dialog adds a job. */
  job?: AdminJob | undefined;
}

/** The Add Job and Edit dialogs (spec §5 admin job form). */
export function JobFormDialog({ open, onOpenChange, job }: JobFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={job ? 'Edit Job' : 'Add Job'}
        description={
          job
            ? 'Change the listing; it updates on the public job board at once.'
            : 'Add a listing to the public job board.'
        }
      >
        {/* Mounted only while open: every opening starts from the job (or the defaults). */}
        {open ? <JobForm job={job} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const grid = css({
  display: 'grid',
  gap: space[4],
  gridTemplateColumns: '1fr',
  [mq.sm]: { gridTemplateColumns: '1fr 1fr' },
});
const fullRow = css({ [mq.sm]: { gridColumn: '1 / -1' } });
const checkRow = css({ display: 'flex', alignItems: 'center', gap: space[2] });
const groupLabel = css({
  fontSize: fontSizes.sm,
  fontWeight: fontWeights.medium,
  color: colors.foreground,
});

function JobForm({ job, onDone }: { job: AdminJob | undefined; onDone: () => void }) {
  const queryClient = useQueryClient();
  const initial = job ? jobFormValues(job) : newJobFormValues();
  const form = useForm<AdminJobForm, unknown, AdminJobRequest>({
    resolver: zodResolver(adminJobFormSchema),
    defaultValues: initial,
  });
  const save = useMutation({
    mutationFn: (body: AdminJobRequest) =>
      job
        ? apiRequest<AdminJob>('PUT', `${ADMIN_JOBS_PATH}/${job.id}`, body)
        : apiRequest<AdminJob>('POST', ADMIN_JOBS_PATH, body),
    onSuccess: async () => {
      toast({ title: job ? 'Job updated successfully' : 'Job created successfully' });
      onDone();
      await refreshJobs(queryClient);
    },
    onError: (error) => toastFailure(job ? 'Failed to update job' : 'Failed to create job', error),
  });
  const { errors } = form.formState;
  const terms = useWatch({ control: form.control, name: JOB_TERM_NAMES });

  const submit = form.handleSubmit((body) => {
    // An untouched date keeps its seconds: the input only shows minutes.
    const postedAtUnchanged = job && form.getValues('postedAt') === initial.postedAt;
    save.mutate(postedAtUnchanged ? { ...body, postedAt: job.postedAt } : body);
  });

  return (
    <form noValidate onSubmit={submit}>
      <div css={grid}>
        <FormField label="Title" required error={errors.title?.message} css={fullRow}>
          <Input {...form.register('title')} />
        </FormField>
        <FormField label="Company" required error={errors.company?.message}>
          <Input autoComplete="organization" {...form.register('company')} />
        </FormField>
        <FormField label="Location" required error={errors.location?.message}>
          <Input {...form.register('location')} />
        </FormField>
        <FormField label="Job URL" required error={errors.url?.message} css={fullRow}>
          <Input type="url" inputMode="url" placeholder="https://" {...form.register('url')} />
        </FormField>
        <FormField label="Description" error={errors.description?.message} css={fullRow}>
          <Textarea rows={5} {...form.register('description')} />
        </FormField>
        {SELECT_FIELDS.map((select) => (
          <SelectField
            key={select.name}
            control={form.control}
            {...select}
            error={errors[select.name]?.message}
          />
        ))}
        <Controller
          control={form.control}
          name="remoteDays"
          render={({ field }) => (
            <FormField label="Remote Days" error={errors.remoteDays?.message}>
              <SimpleSelect
                options={REMOTE_DAYS_OPTIONS}
                value={field.value == null ? NO_REMOTE_DAYS : String(field.value)}
                onValueChange={(value) =>
                  field.onChange(value === NO_REMOTE_DAYS ? null : Number(value))
                }
              />
            </FormField>
          )}
        />
        <FormField
          label="Posted At"
          description={
            job ? 'Leave empty to keep the current date.' : 'Leave empty to use the current time.'
          }
          error={errors.postedAt?.message}
        >
          <Input type="datetime-local" {...form.register('postedAt')} />
        </FormField>
        <JobTermsFields values={terms} form={form} />
        <CheckField
          control={form.control}
          name="isRemote"
          groupLabel="Remote"
          label="Remote work available"
        />
        <CheckField
          control={form.control}
          name="isAgencyRole"
          groupLabel="Agency Role"
          label="Will be rejected"
        />
      </div>
      <DialogFormFooter onCancel={onDone} pending={save.isPending} pendingLabel="Saving...">
        {job ? 'Save Changes' : 'Add Job'}
      </DialogFormFooter>
    </form>
  );
}

interface SelectFieldSpec {
  name: 'sector' | 'employerType' | 'experienceLevel' | 'jobFunction' | 'source';
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}

/** The form's plain choices, in the order they show. */
const SELECT_FIELDS: readonly SelectFieldSpec[] = [
  { name: 'sector', label: 'Sector', required: true, options: SECTOR_OPTIONS },
  { name: 'employerType', label: 'Employer Type', required: true, options: EMPLOYER_TYPE_OPTIONS },
  { name: 'experienceLevel', label: 'Experience Level', options: EXPERIENCE_OPTIONS },
  { name: 'jobFunction', label: 'Job Function', options: JOB_FUNCTION_OPTIONS },
  { name: 'source', label: 'Source', options: SOURCE_OPTIONS },
];

function SelectField({
  control,
  name,
  label,
  options,
  error,
  required,
}: SelectFieldSpec & {
  control: Control<AdminJobForm, unknown, AdminJobRequest>;
  error: string | undefined;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField label={label} required={required} error={error}>
          <SimpleSelect
            options={options}
            placeholder={`Select ${label.toLowerCase()}`}
            // Radix shows the placeholder only for an empty string, never for undefined.
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onOpenChange={(isOpen) => {
              if (!isOpen) field.onBlur();
            }}
          />
        </FormField>
      )}
    />
  );
}

function CheckField({
  control,
  name,
  groupLabel: group,
  label,
}: {
  control: Control<AdminJobForm, unknown, AdminJobRequest>;
  name: 'isRemote' | 'isAgencyRole';
  groupLabel: string;
  label: string;
}) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={`${id}-group`}
      css={css({ display: 'grid', gap: space[2], alignContent: 'start' })}
    >
      <span id={`${id}-group`} css={groupLabel}>
        {group}
      </span>
      <div css={checkRow}>
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor={id}>{label}</Label>
      </div>
    </div>
  );
}
