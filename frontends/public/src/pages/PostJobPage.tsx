import {
  DEFAULT_JOB_SOURCE,
  duplicateJobDetailsSchema,
  EMPLOYER_PAGE,
  ERROR_MESSAGES,
  errorBodySchema,
  EXPERIENCE_LEVEL_LABELS,
  EXPERIENCE_LEVELS,
  jobPagePath,
  MESSAGES,
  REMOTE_DAYS_MAX,
  REMOTE_DAYS_MIN,
  SECTOR_LABELS,
  SECTORS,
  type CreateJobRequest,
  type CreateJobResponse,
  type EmployerJob,
  type EmployerJobUpdateRequest,
  type ExtractedJob,
} from '@b2g/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  colors,
  fontSizes,
  fontWeights,
  FormField,
  Input,
  JOB_FUNCTION_OPTIONS,
  JOB_POST_REDIRECT_MS,
  JOB_TERM_NAMES,
  JobTermsFields,
  Label,
  mq,
  PageHeader,
  PageLayout,
  SimpleSelect,
  space,
  SubmitButton,
  Textarea,
  type PostJobRouteState,
} from '@b2g/ui';
import {
  ApiError,
  apiRequest,
  Link,
  toast,
  useAuth,
  useLocation,
  useNavigate,
  useDocumentMeta,
  useMutation,
  useQueryClient,
  toastError,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import { zodResolver } from '@hookform/resolvers/zod';
import CircleCheck from 'lucide-react/icons/circle-check';
import Sparkles from 'lucide-react/icons/sparkles';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { EMPLOYER_JOBS_KEY } from '../employer/EmployerPostingsPanel.js';
import {
  postingFormValues,
  postJobFormSchema,
  type PostJob,
  type PostJobForm,
} from '../employer/postingForm.js';
import { FormCheckbox } from '../forms/FormCheckbox.js';
import { HoneypotField } from '../post-job/HoneypotField.js';
import { useProofOfWork } from '../post-job/proofOfWork.js';
import { pendingNotice, postPublicJob } from '../post-job/publicPost.js';

const EXPERIENCE_OPTIONS = EXPERIENCE_LEVELS.map((value) => ({
  label: EXPERIENCE_LEVEL_LABELS[value],
  value,
}));
const SECTOR_OPTIONS = SECTORS.map((value) => ({ label: SECTOR_LABELS[value], value }));

/** The form's plain choices, in the order they show. */
const CHOICE_FIELDS: readonly {
  name: 'sector' | 'experienceLevel' | 'jobFunction';
  label: string;
  placeholder: string;
  options: readonly { label: string; value: string }[];
  required?: boolean;
}[] = [
  {
    name: 'sector',
    label: 'Sector',
    placeholder: 'Select a sector',
    options: SECTOR_OPTIONS,
    required: true,
  },
  {
    name: 'experienceLevel',
    label: 'Experience Level',
    placeholder: 'Select a level',
    options: EXPERIENCE_OPTIONS,
  },
  {
    name: 'jobFunction',
    label: 'Function',
    placeholder: 'Select a function',
    options: JOB_FUNCTION_OPTIONS,
  },
];

/** The remote-days select: 'On-site' clears the value; 5 days means fully remote. */
const ON_SITE = 'onsite';
const REMOTE_DAY_OPTIONS = [
  { label: 'On-site', value: ON_SITE },
  ...Array.from({ length: REMOTE_DAYS_MAX - REMOTE_DAYS_MIN + 1 }, (_, index) => {
    const days = REMOTE_DAYS_MIN + index;
    return {
      label:
        days === REMOTE_DAYS_MAX
          ? `${days} days/week (fully remote)`
          : `${days} day${days === 1 ? '' : 's'}/week`,
      value: String(days),
    };
  }),
];

/** What an employer's edit held for review says: the live version stays until it is approved. */
const EDIT_PENDING_NOTICE =
  'your change will show once it has been reviewed, usually within a day. The posting stays as it was until then.';

/** A blank form: no sector chosen and the terms box unticked until the poster acts. */
const EMPTY_FORM: DefaultValues<PostJobForm> = {
  title: '',
  company: '',
  location: '',
  description: '',
  url: '',
  experienceLevel: '',
  jobFunction: '',
  remoteDays: null,
  isAgencyRole: false,
  posterEmail: '',
};

const grid = css({
  display: 'grid',
  gap: space[4],
  [mq.sm]: { gridTemplateColumns: '1fr 1fr' },
});
const checkRow = css({ display: 'flex', alignItems: 'flex-start', gap: space[2] });

function toRequest({ terms: _terms, ...job }: PostJob): CreateJobRequest {
  return { ...job, source: job.source ?? DEFAULT_JOB_SOURCE };
}

/** A change to a posting: the post's fields, its poster aside (a posting keeps its owner). */
function toUpdate(job: PostJob): EmployerJobUpdateRequest {
  const { posterEmail: _posterEmail, ...update } = toRequest(job);
  return update;
}

/** The router state's posting to edit or to post again, if the page was opened with one. */
function usePostingState(): PostJobRouteState {
  const state: unknown = useLocation().state;
  return state && typeof state === 'object' ? (state as PostJobRouteState) : {};
}

/** The blank form, or a posting to post again with its closing date left to choose anew. */
function initialValues({ edit, duplicate }: PostJobRouteState): DefaultValues<PostJobForm> {
  if (edit) return postingFormValues(edit.job);
  if (!duplicate) return EMPTY_FORM;
  return {
    ...EMPTY_FORM,
    ...postingFormValues(duplicate.job),
    closingDate: null,
    posterEmail: duplicate.posterEmail ?? '',
  };
}

/** The active job a refused post repeats (the 409's details), if that was the refusal. */
function repeatedJob(error: unknown): { id: string; message: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return undefined;
  }
  const parsed = errorBodySchema.safeParse(body);
  const details = parsed.success
    ? duplicateJobDetailsSchema.safeParse(parsed.data.error.details)
    : undefined;
  return parsed.success && details?.success
    ? { id: details.data.existingJobId, message: parsed.data.error.message }
    : undefined;
}

interface SuccessScreenProps {
  job: CreateJobResponse | undefined;
  /** What a post waiting for review says instead of being live. */
  notice: string | undefined;
  /** The posting can be managed at /employer (an address was given, or an account posted it). */
  manageable: boolean;
  onPostAnother: () => void;
}

function SuccessScreen({ job, notice, manageable, onPostAnother }: SuccessScreenProps) {
  return (
    <Card>
      <CardContent
        css={css({
          paddingTop: space[10],
          display: 'grid',
          justifyItems: 'center',
          gap: space[4],
          textAlign: 'center',
        })}
      >
        <CircleCheck aria-hidden="true" size={48} color={colors.success} />
        <h2 css={css({ fontSize: fontSizes['2xl'], fontWeight: fontWeights.bold })}>
          Job posted successfully!
        </h2>
        <p role="status" css={css({ color: colors.muted })}>
          {notice ?? 'Your listing is live.'} Taking you to the job list in{' '}
          {JOB_POST_REDIRECT_MS / 1000} seconds…
        </p>
        <div
          css={css({ display: 'flex', flexWrap: 'wrap', gap: space[3], justifyContent: 'center' })}
        >
          <Button asChild>
            <Link to="/jobs">View All Jobs</Link>
          </Button>
          <Button variant="outline" onClick={onPostAnother}>
            Post Another Job
          </Button>
        </div>
        <div
          css={css({ display: 'flex', flexWrap: 'wrap', gap: space[3], justifyContent: 'center' })}
        >
          {job && !notice ? (
            <Button asChild variant="ghost">
              <Link to={jobPagePath(job.id)}>View your job</Link>
            </Button>
          ) : null}
          {manageable ? (
            <Button asChild variant="ghost">
              <Link to={EMPLOYER_PAGE}>Manage this posting</Link>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

export default function PostJobPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isAuthenticated } = useAuth();
  const postingState = usePostingState();
  const editing = postingState.edit;
  const [posted, setPosted] = useState(false);
  const [autoFillUrl, setAutoFillUrl] = useState('');
  const honeypot = useRef<HTMLInputElement>(null);
  const proofHost = useRef<HTMLDivElement>(null);
  const proofOfWork = useProofOfWork(proofHost, !editing && !posted);
  const form = useForm<PostJobForm, unknown, PostJob>({
    resolver: zodResolver(postJobFormSchema),
    defaultValues: initialValues(postingState),
  });
  const { errors } = form.formState;
  const terms = useWatch({ control: form.control, name: JOB_TERM_NAMES });

  useDocumentMeta(
    editing ? 'Edit Posting' : 'Post a Job',
    'Post a business-to-government sales, marketing or technical job, or auto-fill it from a posting URL.',
  );

  useEffect(() => {
    if (!posted) return undefined;
    const timer = setTimeout(() => void navigate('/jobs'), JOB_POST_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [posted, navigate]);

  const autoFill = useMutation({
    mutationFn: (url: string) =>
      apiRequest<ExtractedJob>('POST', '/api/jobs/extract-from-url', { url }),
    onSuccess: (extracted, url) => {
      const current = form.getValues();
      const filled = Object.fromEntries(
        Object.entries(extracted).filter(([, value]) => value !== undefined && value !== null),
      ) as Partial<PostJobForm>;
      form.reset({ ...current, url: current.url || url, ...filled });
      toast({
        title: 'Form Auto-Filled!',
        description: 'Please review the details below and make any needed changes before posting.',
      });
    },
    onError: (error) => {
      toastError('Auto-Fill Failed', error, ERROR_MESSAGES.extractFailed);
    },
  });

  const postJob = useMutation({
    mutationFn: async (job: PostJob) =>
      postPublicJob(toRequest(job), {
        honeypot: honeypot.current?.value ?? '',
        proof: await proofOfWork(),
      }),
    onSuccess: async (created, job) => {
      // The redirect follows in 3 s: the toast outlasts it, so a waiting post's notice is seen.
      toast({
        title: 'Job posted successfully!',
        description:
          created.status === 'pending'
            ? pendingNotice(job.posterEmail)
            : 'Your job listing is now live.',
      });
      setPosted(true);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/jobs/featured'] }),
      ]);
    },
    onError: (error) => {
      toastError('Error posting job', error, 'Please try again later.');
    },
  });

  const updateJob = useMutation({
    mutationFn: ({ id, job }: { id: string; job: PostJob }) =>
      apiRequest<EmployerJob>(
        'PATCH',
        `/api/employer/jobs/${encodeURIComponent(id)}`,
        toUpdate(job),
      ),
    onSuccess: async (updated, { job }) => {
      toast({
        title: 'Posting updated',
        description: updated.editPending ? `${job.title}: ${EDIT_PENDING_NOTICE}` : job.title,
      });
      if (editing) void navigate(editing.returnTo);
      await Promise.all(
        [EMPLOYER_JOBS_KEY, ['/api/jobs'], ['/api/jobs/featured']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => {
      toastError('Error updating posting', error, 'Please try again later.');
    },
  });

  const repeated = repeatedJob(postJob.error);
  const submit = (job: PostJob) =>
    editing ? updateJob.mutate({ id: editing.job.id, job }) : postJob.mutate(job);

  const startAutoFill = () => {
    const url = autoFillUrl.trim();
    if (!url) {
      toast({
        title: 'URL Required',
        description: MESSAGES.autoFillUrlRequired,
        variant: 'destructive',
      });
      return;
    }
    autoFill.mutate(url);
  };

  const postAnother = () => {
    form.reset(EMPTY_FORM);
    setAutoFillUrl('');
    postJob.reset();
    setPosted(false);
  };

  return (
    <PageLayout maxWidth="800px">
      {editing ? (
        <PageHeader
          title="Edit Posting"
          description="Change what your posting says; it keeps its address and its place on the board."
        />
      ) : (
        <PageHeader
          title="Post a Job"
          description="Reach sales, marketing and technical talent who sell to government."
        />
      )}

      {posted ? (
        <SuccessScreen
          job={postJob.data}
          notice={
            postJob.data?.status === 'pending'
              ? pendingNotice(postJob.variables?.posterEmail)
              : undefined
          }
          manageable={isAuthenticated || Boolean(postJob.variables?.posterEmail)}
          onPostAnother={postAnother}
        />
      ) : (
        <>
          {editing ? null : (
            <Card css={css({ background: colors.primarySoft, borderColor: colors.primarySoft })}>
              <CardHeader>
                <CardTitle
                  as="h2"
                  css={css({ display: 'flex', alignItems: 'center', gap: space[2] })}
                >
                  <Sparkles aria-hidden="true" size={20} color={colors.primary} />
                  Auto Fill from URL
                </CardTitle>
                <CardDescription>
                  Paste the address of an existing job posting and we&apos;ll fill in what we can.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <div
                  css={css({
                    display: 'grid',
                    gap: space[2],
                    [mq.sm]: { gridTemplateColumns: '1fr auto', alignItems: 'end' },
                  })}
                >
                  <FormField label="Job Posting URL">
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://company.com/careers/job-123"
                      value={autoFillUrl}
                      onChange={(event) => setAutoFillUrl(event.target.value)}
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          startAutoFill();
                        }
                      }}
                    />
                  </FormField>
                  <Button onClick={startAutoFill} disabled={autoFill.isPending}>
                    {autoFill.isPending ? 'Auto Filling...' : 'Auto Fill'}
                  </Button>
                </div>
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle as="h2">Job Details</CardTitle>
              <CardDescription>Fields marked * are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                noValidate
                aria-label="Job Details"
                onSubmit={form.handleSubmit(submit)}
                css={css({ display: 'grid', gap: space[4] })}
              >
                <FormField label="Job Title" required error={errors.title?.message}>
                  <Input {...form.register('title')} />
                </FormField>
                <div css={grid}>
                  <FormField label="Company" required error={errors.company?.message}>
                    <Input autoComplete="organization" {...form.register('company')} />
                  </FormField>
                  <FormField label="Location" required error={errors.location?.message}>
                    <Input placeholder="e.g. Washington, DC" {...form.register('location')} />
                  </FormField>
                </div>
                <FormField label="Description" required error={errors.description?.message}>
                  <Textarea rows={6} {...form.register('description')} />
                </FormField>
                <FormField label="Application URL" required error={errors.url?.message}>
                  <Input
                    type="url"
                    inputMode="url"
                    placeholder="https://"
                    {...form.register('url')}
                  />
                </FormField>
                <div css={grid}>
                  {CHOICE_FIELDS.map(({ name, label, placeholder, options, required }) => (
                    <Controller
                      key={name}
                      control={form.control}
                      name={name}
                      render={({ field }) => (
                        <FormField label={label} required={required} error={errors[name]?.message}>
                          <SimpleSelect
                            placeholder={placeholder}
                            options={options}
                            value={field.value ?? ''}
                            onValueChange={field.onChange}
                          />
                        </FormField>
                      )}
                    />
                  ))}
                  <Controller
                    control={form.control}
                    name="remoteDays"
                    render={({ field }) => (
                      <FormField
                        label="Remote Days per Week"
                        description="5 days means fully remote."
                        error={errors.remoteDays?.message}
                      >
                        <SimpleSelect
                          options={REMOTE_DAY_OPTIONS}
                          value={field.value ? String(field.value) : ON_SITE}
                          onValueChange={(value) =>
                            field.onChange(value === ON_SITE ? null : Number(value))
                          }
                        />
                      </FormField>
                    )}
                  />
                  <JobTermsFields values={terms} form={form} />
                </div>
                {editing ? null : (
                  <FormField
                    label="Your work e-mail"
                    description="Optional: we e-mail you a link to manage this posting and see its statistics, no password needed."
                    error={errors.posterEmail?.message}
                  >
                    <Input type="email" autoComplete="email" {...form.register('posterEmail')} />
                  </FormField>
                )}
                <div css={checkRow}>
                  <FormCheckbox control={form.control} name="isAgencyRole" id="isAgencyRole" />
                  <Label htmlFor="isAgencyRole">
                    This is an agency role (posted on behalf of another employer)
                  </Label>
                </div>
                <div css={css({ display: 'grid', gap: space[1.5] })}>
                  <div css={checkRow}>
                    <FormCheckbox
                      control={form.control}
                      name="terms"
                      id="terms"
                      aria-invalid={errors.terms ? true : undefined}
                      aria-describedby={errors.terms ? 'terms-error' : undefined}
                    />
                    <Label htmlFor="terms">I confirm this is a B2G opportunity</Label>
                  </div>
                  {errors.terms ? (
                    <p
                      id="terms-error"
                      css={css({
                        fontSize: fontSizes.sm,
                        fontWeight: fontWeights.medium,
                        color: colors.destructive,
                      })}
                    >
                      {errors.terms.message}
                    </p>
                  ) : null}
                </div>
                {editing ? null : <HoneypotField inputRef={honeypot} />}
                {repeated ? (
                  <Alert variant="destructive">
                    <AlertTitle>{repeated.message}</AlertTitle>
                    <AlertDescription>
                      <Link to={jobPagePath(repeated.id)}>View the existing job</Link>
                    </AlertDescription>
                  </Alert>
                ) : null}
                <SubmitButton
                  size="lg"
                  fullWidth
                  pending={postJob.isPending || updateJob.isPending}
                  pendingLabel={editing ? 'Saving...' : 'Posting...'}
                >
                  {editing ? 'Save Changes' : 'Post Job'}
                </SubmitButton>
              </form>
              <div ref={proofHost} hidden aria-hidden="true" />
            </CardContent>
          </Card>
        </>
      )}
    </PageLayout>
  );
}
