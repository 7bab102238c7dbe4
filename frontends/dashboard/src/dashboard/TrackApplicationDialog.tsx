import {
  APPLICATION_METHODS,
  createApplicationRequestSchema,
  type ApplicationWithJob,
  type CreateApplicationRequest,
  type Job,
} from '@b2g/contracts';
import {
  Button,
  colors,
  Dialog,
  DialogContent,
  DialogFormFooter,
  fontSizes,
  FormField,
  Input,
  radii,
  space,
  Textarea,
} from '@b2g/ui';
import {
  apiRequest,
  errorMessage,
  toast,
  useMutation,
  useQuery,
  toastError,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDeferredValue, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { input } from 'zod';
import { FormSelect } from '../components/FormSelect.js';
import { APPLICATION_METHOD_LABELS, STATUS_OPTIONS } from '../lib/labels.js';
import { usePastFollowUpCheck } from './PastFollowUp.js';
import { useRefreshDashboard } from './queries.js';
import { formGridStyles } from './styles.js';

type TrackApplicationForm = input<typeof createApplicationRequestSchema>;

const METHOD_OPTIONS = APPLICATION_METHODS.map((value) => ({
  value,
  label: APPLICATION_METHOD_LABELS[value],
}));

/** Where a new application stands unless the user says otherwise (as the server assumes). */
const DEFAULT_STATUS = 'applied';

/** How many jobs the search in the dialog offers. */
const JOB_SEARCH_LIMIT = 10;

/** The job an application is for, as the dialog needs it. */
export interface ChosenJob {
  id: string;
  title: string;
  company: string;
}

export interface TrackApplicationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A job already chosen (tracking a saved job); otherwise the dialog searches. */
  job?: ChosenJob;
}

function JobSearch({
  selected,
  onSelect,
  error,
}: {
  selected: ChosenJob | null;
  onSelect: (job: ChosenJob) => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const jobs = useQuery<Job[]>({
    queryKey: ['/api/jobs', { search: term, limit: JOB_SEARCH_LIMIT }],
    enabled: term.length > 0,
  });
  return (
    <div className="full" css={css({ display: 'grid', gap: space[2] })}>
      <FormField
        label="Job"
        error={error}
        description={selected ? `Selected: ${selected.title} — ${selected.company}` : undefined}
      >
        <Input
          type="search"
          placeholder="Search jobs by title, company or keyword"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </FormField>
      {term.length > 0 ? (
        <div aria-live="polite" css={css({ fontSize: fontSizes.sm, color: colors.muted })}>
          {jobs.isLoading ? (
            <p css={css({ margin: 0 })}>Searching...</p>
          ) : jobs.isError ? (
            <p css={css({ margin: 0, color: colors.destructive })}>
              {errorMessage(jobs.error, 'Failed to fetch jobs')}
            </p>
          ) : (jobs.data ?? []).length === 0 ? (
            <p css={css({ margin: 0 })}>No jobs match your search</p>
          ) : (
            <ul
              aria-label="Matching jobs"
              css={css({
                listStyle: 'none',
                margin: 0,
                padding: 0,
                display: 'grid',
                gap: space[1],
                maxHeight: '200px',
                overflowY: 'auto',
              })}
            >
              {(jobs.data ?? []).map((job) => {
                const isSelected = selected?.id === job.id;
                return (
                  <li key={job.id}>
                    <Button
                      variant={isSelected ? 'secondary' : 'ghost'}
                      aria-pressed={isSelected}
                      fullWidth
                      onClick={() =>
                        onSelect({ id: job.id, title: job.title, company: job.company })
                      }
                      css={css({
                        justifyContent: 'flex-start',
                        textAlign: 'left',
                        height: 'auto',
                        whiteSpace: 'normal',
                        borderRadius: radii.md,
                      })}
                    >
                      {job.title} — {job.company}, {job.location}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function TrackApplicationForm({ job, onDone }: { job?: ChosenJob; onDone: () => void }) {
  const refresh = useRefreshDashboard();
  const [selected, setSelected] = useState<ChosenJob | null>(job ?? null);
  const form = useForm<TrackApplicationForm, unknown, CreateApplicationRequest>({
    resolver: zodResolver(createApplicationRequestSchema),
    defaultValues: {
      jobId: job?.id ?? '',
      applicationMethod: 'company_website',
      status: DEFAULT_STATUS,
      contactPerson: '',
      contactEmail: '',
      notes: '',
      followUpDate: '',
    },
  });
  const create = useMutation({
    // The default status is the server's too: the body stays as it was before status was chosen.
    mutationFn: ({ status, ...rest }: CreateApplicationRequest) =>
      apiRequest<ApplicationWithJob>(
        'POST',
        '/api/user/applications',
        status === DEFAULT_STATUS ? rest : { ...rest, status },
      ),
    onSuccess: async () => {
      toast({ title: 'Application tracked', description: 'You can follow it in your dashboard.' });
      onDone();
      await refresh();
    },
    onError: (error) => {
      toastError('Error', error, 'Failed to track application.');
    },
  });
  const { errors } = form.formState;
  const pastCheck = usePastFollowUpCheck((body: CreateApplicationRequest) => create.mutate(body));

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((body) => pastCheck.submit(body, form.getValues('followUpDate')))}
    >
      <div css={[formGridStyles, css({ marginBottom: space[6] })]}>
        {job ? null : (
          <JobSearch
            selected={selected}
            error={errors.jobId ? 'Choose a job from the search results' : undefined}
            onSelect={(chosen) => {
              setSelected(chosen);
              form.setValue('jobId', chosen.id, { shouldValidate: true });
            }}
          />
        )}
        <FormSelect
          control={form.control}
          name="applicationMethod"
          label="Application method"
          options={METHOD_OPTIONS}
        />
        <FormSelect
          control={form.control}
          name="status"
          label="Status"
          options={STATUS_OPTIONS}
          fallback={DEFAULT_STATUS}
        />
        <FormField label="Follow-up date" error={errors.followUpDate?.message}>
          <Input type="date" {...form.register('followUpDate')} />
        </FormField>
        <FormField label="Contact person" error={errors.contactPerson?.message}>
          <Input autoComplete="off" {...form.register('contactPerson')} />
        </FormField>
        <FormField label="Contact email" error={errors.contactEmail?.message}>
          <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
        </FormField>
        <FormField label="Notes" error={errors.notes?.message} className="full">
          <Textarea rows={3} {...form.register('notes')} />
        </FormField>
      </div>
      {pastCheck.prompt}
      <DialogFormFooter onCancel={onDone} pending={create.isPending} pendingLabel="Saving...">
        Track Application
      </DialogFormFooter>
    </form>
  );
}

/** The dialog that records an application, for a searched job or a given one. */
export function TrackApplicationDialog({ open, onOpenChange, job }: TrackApplicationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="lg"
        title={job ? 'Track application' : 'Track an application'}
        description={
          <>
            {job
              ? `Record your application to ${job.title} at ${job.company} and where it stands.`
              : 'Find the job you applied to and note how you applied.'}
          </>
        }
      >
        {open ? <TrackApplicationForm job={job} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
