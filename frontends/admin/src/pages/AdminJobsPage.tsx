import {
  SUCCESS_MESSAGES,
  type AdminJob,
  type FeaturedPinsResponse,
  type JobCheckResponse,
} from '@b2g/contracts';
import {
  Button,
  Card,
  CardContent,
  colors,
  ConfirmDialog,
  fontSizes,
  fontWeights,
  Input,
  Label,
  mq,
  PageLayout,
  Skeleton,
  space,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  VisuallyHidden,
  JOB_CHECK_OUTCOME_MESSAGES,
} from '@b2g/ui';
import {
  apiRequest,
  Navigate,
  ReadFailedAlert,
  toast,
  useNavigate,
  useMutation,
  useQuery,
  useQueryClient,
} from '@b2g/web-platform';
import { css } from '@emotion/react';
import LogOut from 'lucide-react/icons/log-out';
import Plus from 'lucide-react/icons/plus';
import Search from 'lucide-react/icons/search';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import {
  ADMIN_FEATURED_PATH,
  ADMIN_JOBS_PATH,
  ADMIN_LOGIN_PATH,
  ADMIN_STATUS_KEY,
  refreshJobs,
  toastFailure,
  useAdminStatus,
} from '../admin/adminApi.js';
import { AdminNav } from '../admin/AdminNav.js';
import { JobFormDialog } from '../jobs/JobFormDialog.js';
import { allJobsSummary, filterJobs } from '../jobs/jobListing.js';
import { JobListSection } from '../jobs/JobListSection.js';
import type { JobActions } from '../jobs/JobRow.js';
import { usePendingJobs } from '../admin/reviewApi.js';
import { BansPanel } from '../review/BansPanel.js';
import { ReviewPanel } from '../review/ReviewPanel.js';

const LOADING_ROWS = 5;

/** /admin/jobs: only for the admin; anyone else goes to the admin login. */
export default function AdminJobsPage() {
  const status = useAdminStatus();
  if (status.isPending) return <PageFrame>{loadingRows}</PageFrame>;
  if (!status.data?.isAdmin) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
  return <AdminJobs />;
}

const loadingRows = (
  <div aria-busy="true" aria-label="Loading jobs" css={css({ display: 'grid', gap: space[3] })}>
    {Array.from({ length: LOADING_ROWS }, (_, index) => (
      <Skeleton key={index} css={css({ height: space[16] })} />
    ))}
  </div>
);

function PageFrame({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <PageLayout>
      <AdminNav />
      <header
        css={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: space[4],
        })}
      >
        <div css={css({ display: 'grid', gap: space[1] })}>
          <h1 css={css({ fontSize: fontSizes['3xl'], fontWeight: fontWeights.bold })}>
            Admin Jobs
          </h1>
          <p css={css({ color: colors.muted })}>Add, edit, delete and restore the job listings.</p>
        </div>
        {actions}
      </header>
      {children}
    </PageLayout>
  );
}

type Confirmation = { job: AdminJob; forever: boolean };

function AdminJobs() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const searchId = useId();
  const deletedSwitchId = useId();
  const allJobsId = useId();
  const allJobsSummaryId = useId();
  const [search, setSearch] = useState('');
  const [showDeleted, setShowDeleted] = useState(false);
  const [form, setForm] = useState<{ open: boolean; job?: AdminJob | undefined }>({
    open: false,
  });
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const jobs = useQuery<AdminJob[]>({
    queryKey: [ADMIN_JOBS_PATH, { include_deleted: showDeleted }],
  });
  const pendingReview = usePendingJobs();
  const deferredSearch = useDeferredValue(search);
  const matching = useMemo(
    () => filterJobs(jobs.data ?? [], deferredSearch),
    [jobs.data, deferredSearch],
  );
  const [active, deleted] = useMemo(
    () => [matching.filter((job) => !job.deletedAt), matching.filter((job) => job.deletedAt)],
    [matching],
  );

  const remove = useMutation({
    mutationFn: ({ job, forever }: Confirmation) =>
      apiRequest('DELETE', `${ADMIN_JOBS_PATH}/${job.id}${forever ? '?force=true' : ''}`),
    onSuccess: () => {
      toast({ title: 'Job deleted successfully' });
      return refreshJobs(queryClient);
    },
    onError: (error) => toastFailure('Failed to delete job', error),
  });
  const restore = useMutation({
    mutationFn: (job: AdminJob) => apiRequest('PUT', `${ADMIN_JOBS_PATH}/${job.id}/undelete`),
    onSuccess: () => {
      toast({ title: 'Job restored successfully' });
      return refreshJobs(queryClient);
    },
    onError: (error) => toastFailure('Failed to restore job', error),
  });
  const pins = useQuery<FeaturedPinsResponse>({ queryKey: [ADMIN_FEATURED_PATH] });
  const check = useMutation({
    mutationFn: (job: AdminJob) =>
      apiRequest<JobCheckResponse>('POST', `${ADMIN_JOBS_PATH}/${job.id}/check`),
    onSuccess: (result) => {
      toast({
        title: JOB_CHECK_OUTCOME_MESSAGES[result.outcome],
        variant: result.outcome === 'unavailable' ? 'destructive' : 'default',
      });
      return refreshJobs(queryClient);
    },
    onError: (error) => toastFailure('Failed to check job', error),
  });
  const togglePin = useMutation({
    mutationFn: ({ job, pinned }: { job: AdminJob; pinned: boolean }) =>
      pinned
        ? apiRequest('DELETE', `${ADMIN_FEATURED_PATH}/${job.jobFunction}`)
        : apiRequest('PUT', `${ADMIN_FEATURED_PATH}/${job.jobFunction}`, { jobId: job.id }),
    onSuccess: (_result, { pinned }) => {
      toast({ title: pinned ? 'Featured job unpinned' : 'Pinned as the featured job' });
      return refreshJobs(queryClient);
    },
    onError: (error) => toastFailure('Failed to change the featured job', error),
  });
  const logout = useMutation({
    mutationFn: () => apiRequest('POST', '/api/admin/logout'),
    onSuccess: async () => {
      toast({ title: SUCCESS_MESSAGES.adminLoggedOut });
      queryClient.removeQueries({ queryKey: [ADMIN_JOBS_PATH] });
      // The login page must not see the old session and bounce back here.
      await queryClient.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    },
    onError: (error) => toastFailure('Logout failed', error),
  });

  const { mutate: restoreJob } = restore;
  const restoringId = restore.isPending ? restore.variables.id : undefined;
  const { mutate: checkJob } = check;
  const checkingId = check.isPending ? check.variables.id : undefined;
  const { mutate: pinJob } = togglePin;
  const pinningId = togglePin.isPending ? togglePin.variables.job.id : undefined;
  const pinnedIds = useMemo(
    () => new Set(Object.values(pins.data ?? {}).map((pin) => pin.jobId)),
    [pins.data],
  );
  // Stable while nothing changes, so the memoised rows of a long list do not re-render.
  const actions = useMemo<JobActions>(
    () => ({
      onEdit: (job) => setForm({ open: true, job }),
      onDelete: (job) => setConfirmation({ job, forever: false }),
      onDeleteForever: (job) => setConfirmation({ job, forever: true }),
      onRestore: (job) => restoreJob(job),
      restoringId,
      onCheck: (job) => checkJob(job),
      checkingId,
      onTogglePin: (job) => pinJob({ job, pinned: pinnedIds.has(job.id) }),
      pinnedIds,
      pinningId,
    }),
    [restoreJob, restoringId, checkJob, checkingId, pinJob, pinnedIds, pinningId],
  );

  const searching = deferredSearch.trim() !== '';
  const noMatch = 'No jobs match your search';

  let list: ReactNode;
  if (jobs.isPending) {
    list = loadingRows;
  } else if (jobs.isError) {
    // A failed read (a 429 among others) is not an empty list: offer to read again.
    list = (
      <ReadFailedAlert title="Failed to load jobs" query={jobs} fallback="Please try again." />
    );
  } else if (!showDeleted) {
    list = (
      <JobListSection
        key={deferredSearch}
        name="Active Jobs"
        headingLevel="h2"
        jobs={active}
        emptyText={searching ? noMatch : 'No active jobs found'}
        actions={actions}
      />
    );
  } else {
    list = (
      <section
        aria-labelledby={allJobsId}
        aria-describedby={allJobsSummaryId}
        css={css({ display: 'grid', gap: space[8] })}
      >
        {/* The spec's heading, with what it counts said under it: never a bare title. */}
        <div css={css({ display: 'grid', gap: space[1] })}>
          <h2
            id={allJobsId}
            css={css({ fontSize: fontSizes.xl, fontWeight: fontWeights.semibold })}
          >
            {`All Jobs (${matching.length})`}
          </h2>
          <p id={allJobsSummaryId} css={css({ color: colors.muted, fontSize: fontSizes.sm })}>
            {allJobsSummary(active.length, deleted.length, searching)}
          </p>
        </div>
        {(
          [
            ['active', 'Active Jobs', active],
            ['deleted', 'Deleted Jobs', deleted],
          ] as const
        ).map(([kind, name, jobs]) => (
          <JobListSection
            key={`${kind}-${deferredSearch}`}
            name={name}
            headingLevel="h3"
            jobs={jobs}
            emptyText={searching ? noMatch : `No ${kind} jobs found`}
            actions={actions}
          />
        ))}
      </section>
    );
  }

  return (
    <PageFrame
      actions={
        <div css={css({ display: 'flex', flexWrap: 'wrap', gap: space[2] })}>
          <Button onClick={() => setForm({ open: true })}>
            <Plus aria-hidden="true" size={16} />
            Add Job
          </Button>
          <Button variant="outline" disabled={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut aria-hidden="true" size={16} />
            Logout
          </Button>
        </div>
      }
    >
      <Tabs defaultValue="jobs">
        <TabsList aria-label="Admin sections" css={css({ [mq.md]: { maxWidth: '32rem' } })}>
          <TabsTrigger value="jobs">Jobs</TabsTrigger>
          <TabsTrigger value="review">
            {pendingReview.data ? `Review (${pendingReview.data.total})` : 'Review'}
          </TabsTrigger>
          <TabsTrigger value="bans">Bans</TabsTrigger>
        </TabsList>
        <TabsContent value="review">
          <Card>
            <CardContent css={css({ paddingTop: space[6] })}>
              <ReviewPanel />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="bans">
          <Card>
            <CardContent css={css({ paddingTop: space[6] })}>
              <BansPanel />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="jobs">
          <Card>
            <CardContent css={css({ display: 'grid', gap: space[6], paddingTop: space[6] })}>
              <div
                css={css({
                  display: 'grid',
                  gap: space[4],
                  alignItems: 'center',
                  [mq.md]: { gridTemplateColumns: '1fr auto' },
                })}
              >
                <div css={css({ position: 'relative' })}>
                  <VisuallyHidden>
                    <Label htmlFor={searchId}>Search jobs</Label>
                  </VisuallyHidden>
                  <Search
                    aria-hidden="true"
                    size={16}
                    css={css({
                      position: 'absolute',
                      left: space[3],
                      top: '50%',
                      transform: 'translateY(-50%)',
                      color: colors.subtle,
                    })}
                  />
                  <Input
                    id={searchId}
                    type="search"
                    placeholder="Search by title, company or location"
                    value={search}
                    onChange={(event) => setSearch(event.target.value)}
                    css={css({ paddingLeft: space[8] })}
                  />
                </div>
                <div css={css({ display: 'flex', alignItems: 'center', gap: space[2] })}>
                  <Switch
                    id={deletedSwitchId}
                    checked={showDeleted}
                    onCheckedChange={setShowDeleted}
                  />
                  <Label htmlFor={deletedSwitchId}>Show deleted</Label>
                </div>
              </div>
              {list}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <JobFormDialog
        open={form.open}
        job={form.job}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
      />

      <ConfirmDialog
        open={confirmation !== null}
        onOpenChange={(open) => {
          if (!open) setConfirmation(null);
        }}
        confirmation={
          confirmation
            ? {
                title: confirmation.forever ? 'Delete this job forever?' : 'Delete this job?',
                description: confirmation.forever
                  ? `“${confirmation.job.title}” will be permanently removed. This cannot be undone.`
                  : `“${confirmation.job.title}” will disappear from the public job listings. You can restore it later from the deleted jobs.`,
                confirmLabel: confirmation.forever ? 'Delete Forever' : 'Delete',
                onConfirm: () => remove.mutate(confirmation),
              }
            : null
        }
      />
    </PageFrame>
  );
}
