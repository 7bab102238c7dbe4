import {
  EMPLOYER_CLOSE_OUTCOMES,
  EMPLOYER_MESSAGES,
  jobPagePath,
  type EmployerCloseOutcome,
  type EmployerJob,
} from '@b2g/contracts';
import { css } from '@emotion/react';
import {
  lazy,
  Suspense,
  useId,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Button } from '../components/Button.js';
import { RadioGroup, RadioGroupItem } from '../components/Choice.js';
import { Dialog, DialogContent, DialogFormFooter } from '../components/Dialog.js';
import {
  Alert,
  AlertDescription,
  Badge,
  Skeleton,
  type BadgeVariant,
} from '../components/Display.js';
import { Input } from '../components/Input.js';
import { FormField, Label } from '../components/Label.js';
import { JOB_CLOSED_REASON_LABELS } from '../presentation.js';
import { colors, fontSizes, fontWeights, radii, space } from '../theme.js';

/** A change to one posting, as the list asks for it. */
export type EmployerPostingAction =
  | { kind: 'close'; job: EmployerJob; outcome: EmployerCloseOutcome }
  | { kind: 'extend'; job: EmployerJob; closingDate: string }
  | { kind: 'relist'; job: EmployerJob };

/** The toast after each change succeeded. */
export const EMPLOYER_ACTION_DONE: Readonly<Record<EmployerPostingAction['kind'], string>> = {
  close: 'Posting closed',
  extend: 'Closing date extended',
  relist: 'Posting relisted',
};

/** The call a change makes: its method, API path and body. */
export function employerActionRequest(action: EmployerPostingAction): {
  method: 'POST';
  path: string;
  body?: object;
} {
  const path = `/api/employer/jobs/${encodeURIComponent(action.job.id)}/${action.kind}`;
  if (action.kind === 'close') return { method: 'POST', path, body: { outcome: action.outcome } };
  if (action.kind === 'extend')
    return { method: 'POST', path, body: { closingDate: action.closingDate } };
  return { method: 'POST', path };
}

/** What /post-job reads from the router's state: a posting to edit in place, or to post again. */
export interface PostJobRouteState {
  edit?: { job: EmployerJob; returnTo: string };
  duplicate?: { job: EmployerJob; posterEmail?: string };
}

export interface EmployerPostingsProps {
  /** The read of GET /api/employer/jobs (a react-query result): no data while it loads. */
  read: {
    data: readonly EmployerJob[] | undefined;
    error: unknown;
    refetch: () => unknown;
  };
  /** Sends a change (the frontend's API client): method, path and JSON body. */
  request: (method: string, path: string, body?: unknown) => Promise<unknown>;
  /** Shows a toast. */
  notify: (toast: { title: string; description?: string; variant?: 'destructive' }) => void;
  /** A failed call's message: the server's words when it sent some, else the fallback. */
  describeError: (error: unknown, fallback: string) => string;
  /** A change succeeded: read the postings again. */
  onChanged: () => unknown;
  /** Opens /post-job with a posting to edit or to post again (the caller's router). */
  openPostForm: (state: PostJobRouteState) => void;
  /** Where /post-job goes back to after an edit. */
  returnTo: string;
  /** Who is signed in: a duplicate is posted under this address. */
  posterEmail: string;
  /** The caller's router link. */
  LinkComponent: ComponentType<{ to: string; children: ReactNode }>;
  /** Today as YYYY-MM-DD (UTC); the clock's day when not given. */
  today?: string;
}

const STATUS_BADGES: Readonly<Record<EmployerJob['status'], [string, BadgeVariant]>> = {
  live: ['Live', 'green'],
  expired: ['Expired', 'yellow'],
  closed: ['Closed', 'gray'],
  pending: ['In review', 'yellow'],
  rejected: ['Rejected', 'red'],
};

/** A post waiting for review, or refused by it: not a job on the board. */
type HeldStatus = Extract<EmployerJob['status'], 'pending' | 'rejected'>;
const isHeld = (job: EmployerJob): job is EmployerJob & { status: HeldStatus } =>
  job.status === 'pending' || job.status === 'rejected';
const HELD_NOTES: Readonly<Record<HeldStatus, string>> = {
  pending: 'Appears on the board once reviewed, usually within a day',
  rejected: 'Not published',
};

const FALLBACK_ERROR = 'Please try again.';

/** A YYYY-MM-DD day as 'Jan 5, 2026', the same wherever the reader is. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The day a year after `day` (YYYY-MM-DD). */
function yearAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** A posting's statistics and their chart: fetched when the employer first opens them. */
const PostingStats = lazy(() => import('./PostingStats.js'));

const listStyles = css({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: space[4],
});
const itemStyles = css({
  display: 'grid',
  gap: space[3],
  padding: space[4],
  border: `1px solid ${colors.border}`,
  borderRadius: radii.lg,
  background: colors.background,
});
const metaStyles = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: space[2],
  fontSize: fontSizes.sm,
  color: colors.muted,
});
const actionsStyles = css({ display: 'flex', flexWrap: 'wrap', gap: space[2] });
const formStyles = css({ display: 'grid', gap: space[4] });

type OpenDialog = { kind: 'close' | 'extend'; job: EmployerJob } | null;

/**
 * An employer's postings (live, expired, closed with the reason, and the last day on the board),
 * each with Edit, Duplicate, Close early, Extend and Relist. Written once for the employer page
 * and the dashboard's "My postings": the caller gives the postings, its API client and router.
 */
export function EmployerPostings(props: EmployerPostingsProps) {
  const { read, LinkComponent: RouterLink } = props;
  const postings = read.data;
  const onEdit = (job: EmployerJob) =>
    props.openPostForm({ edit: { job, returnTo: props.returnTo } });
  const onDuplicate = (job: EmployerJob) =>
    props.openPostForm({ duplicate: { job, posterEmail: props.posterEmail } });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [statsOf, setStatsOf] = useState<string | null>(null);
  const today = props.today ?? todayUtc();

  if (read.error)
    return (
      <Alert variant="destructive">
        <AlertDescription>
          <span css={css({ display: 'grid', gap: space[3], justifyItems: 'start' })}>
            {props.describeError(read.error, 'Your postings could not be loaded.')}
            <Button size="sm" variant="outline" onClick={() => void read.refetch()}>
              Retry
            </Button>
          </span>
        </AlertDescription>
      </Alert>
    );
  if (!postings)
    return (
      <div aria-busy="true" aria-label="Loading your postings" css={listStyles}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} css={css({ height: '7rem' })} />
        ))}
      </div>
    );
  if (postings.length === 0)
    return (
      <div css={css({ display: 'grid', gap: space[3], justifyItems: 'start' })}>
        <p css={css({ margin: 0, fontWeight: fontWeights.semibold })}>No postings yet</p>
        <p css={css({ margin: 0, color: colors.muted })}>
          Jobs posted with this e-mail address show here, to edit, extend or close.
        </p>
        <Button asChild variant="outline">
          <RouterLink to="/post-job">Post a Job</RouterLink>
        </Button>
      </div>
    );

  /** Opens a dialog, or closes it (null); a failure shown in the last one goes with it. */
  const open = (next: OpenDialog) => {
    setError(null);
    setDialog(next);
  };

  /** Runs a change; on failure the message shows (in the dialog, if one is open) and in a toast. */
  const run = async (action: EmployerPostingAction) => {
    const { method, path, body } = employerActionRequest(action);
    setPending(true);
    setError(null);
    try {
      await props.request(method, path, body);
      setDialog(null);
      props.notify({ title: EMPLOYER_ACTION_DONE[action.kind], description: action.job.title });
      await props.onChanged();
    } catch (failure) {
      const message = props.describeError(failure, FALLBACK_ERROR);
      setError(message);
      props.notify({ title: 'The change failed', description: message, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      {error && !dialog ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <ul css={listStyles} aria-label="Your postings">
        {postings.map((job) => {
          const [statusLabel, statusVariant] = STATUS_BADGES[job.status];
          const ended = job.status !== 'live';
          // A post the review holds or refused is not on the board: no page, nothing to change.
          const held = isHeld(job);
          return (
            <li key={job.id} css={itemStyles}>
              <div css={css({ display: 'grid', gap: space[1] })}>
                <h2
                  css={css({ margin: 0, fontSize: fontSizes.lg, fontWeight: fontWeights.semibold })}
                >
                  {held ? job.title : <RouterLink to={jobPagePath(job.id)}>{job.title}</RouterLink>}
                </h2>
                <p css={css({ margin: 0, color: colors.muted })}>
                  {job.company} · {job.location}
                </p>
              </div>
              <div css={metaStyles}>
                <Badge variant={statusVariant}>{statusLabel}</Badge>
                {job.status === 'closed' && job.closedReason ? (
                  <span>{JOB_CLOSED_REASON_LABELS[job.closedReason]}</span>
                ) : null}
                {job.status === 'rejected' && job.rejectionReason ? (
                  <span>Reason: {job.rejectionReason}</span>
                ) : null}
                {job.editPending ? <Badge variant="yellow">Edit in review</Badge> : null}
                {held ? (
                  <span>{HELD_NOTES[job.status]}</span>
                ) : (
                  <span>
                    {job.expiresOn
                      ? `${job.status === 'live' ? 'Last day' : 'Ended'}: ${formatDay(job.expiresOn)}`
                      : 'Does not expire'}
                  </span>
                )}
              </div>
              <div css={actionsStyles}>
                {held ? null : (
                  <Button size="sm" variant="outline" onClick={() => onEdit(job)}>
                    Edit
                  </Button>
                )}
                {job.status === 'closed' || held ? null : (
                  <>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => open({ kind: 'extend', job })}
                    >
                      Extend
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => open({ kind: 'close', job })}
                    >
                      Close early
                    </Button>
                  </>
                )}
                {ended && !held ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={pending}
                    onClick={() => void run({ kind: 'relist', job })}
                  >
                    Relist
                  </Button>
                ) : null}
                <Button size="sm" variant="ghost" onClick={() => onDuplicate(job)}>
                  Duplicate
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-expanded={statsOf === job.id}
                  onClick={() => setStatsOf(statsOf === job.id ? null : job.id)}
                >
                  Statistics
                </Button>
              </div>
              {statsOf === job.id ? (
                <Suspense
                  fallback={
                    <Skeleton aria-label="Loading the statistics" css={css({ height: '12rem' })} />
                  }
                >
                  <PostingStats
                    job={job}
                    request={props.request}
                    describeError={props.describeError}
                  />
                </Suspense>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Dialog open={dialog !== null} onOpenChange={(isOpen) => (isOpen ? null : open(null))}>
        {dialog?.kind === 'close' ? (
          <CloseDialog
            job={dialog.job}
            pending={pending}
            error={error}
            onCancel={() => open(null)}
            onSubmit={(outcome) => void run({ kind: 'close', job: dialog.job, outcome })}
          />
        ) : null}
        {dialog?.kind === 'extend' ? (
          <ExtendDialog
            job={dialog.job}
            today={today}
            pending={pending}
            error={error}
            onCancel={() => open(null)}
            onSubmit={(closingDate) => void run({ kind: 'extend', job: dialog.job, closingDate })}
          />
        ) : null}
      </Dialog>
    </>
  );
}

interface DialogProps<T> {
  job: EmployerJob;
  pending: boolean;
  /** The last attempt's failure, shown above the buttons. */
  error: string | null;
  onCancel: () => void;
  onSubmit: (value: T) => void;
}

function DialogError({ error }: { error: string | null }) {
  return error ? (
    <Alert variant="destructive">
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  ) : null;
}

function CloseDialog({
  job,
  pending,
  error,
  onCancel,
  onSubmit,
}: DialogProps<EmployerCloseOutcome>) {
  const id = useId();
  const [outcome, setOutcome] = useState<EmployerCloseOutcome>('filled_here');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(outcome);
  };
  return (
    <DialogContent
      title="Close this posting early"
      description={`${job.title}: it leaves the board at once. Why is it closing?`}
    >
      <form css={formStyles} onSubmit={submit} noValidate>
        <RadioGroup
          aria-label="Outcome"
          value={outcome}
          onValueChange={(value) => setOutcome(value as EmployerCloseOutcome)}
        >
          {EMPLOYER_CLOSE_OUTCOMES.map((value) => (
            <div key={value} css={css({ display: 'flex', alignItems: 'center', gap: space[2] })}>
              <RadioGroupItem value={value} id={`${id}-${value}`} />
              <Label htmlFor={`${id}-${value}`}>{JOB_CLOSED_REASON_LABELS[value]}</Label>
            </div>
          ))}
        </RadioGroup>
        <DialogError error={error} />
        <DialogFormFooter onCancel={onCancel} pending={pending} pendingLabel="Closing...">
          Close posting
        </DialogFormFooter>
      </form>
    </DialogContent>
  );
}

function ExtendDialog({
  job,
  today,
  pending,
  error,
  onCancel,
  onSubmit,
}: DialogProps<string> & { today: string }) {
  const [closingDate, setClosingDate] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const current = job.expiresOn && job.expiresOn > today ? job.expiresOn : today;
  const latest = yearAfter(today);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      !closingDate || closingDate <= current
        ? EMPLOYER_MESSAGES.closingDateNotLater
        : closingDate > latest
          ? EMPLOYER_MESSAGES.closingDateTooFar
          : null;
    setInvalid(problem);
    if (!problem) onSubmit(closingDate);
  };
  return (
    <DialogContent
      title="Extend the closing date"
      description={
        job.expiresOn
          ? `${job.title}: the last day is now ${formatDay(job.expiresOn)}.`
          : `${job.title}: choose its new last day.`
      }
    >
      <form css={formStyles} onSubmit={submit} noValidate>
        <FormField label="New closing date" required error={invalid ?? undefined}>
          <Input
            type="date"
            min={current}
            max={latest}
            value={closingDate}
            onChange={(event) => setClosingDate(event.target.value)}
          />
        </FormField>
        <DialogError error={error} />
        <DialogFormFooter onCancel={onCancel} pending={pending} pendingLabel="Extending...">
          Extend
        </DialogFormFooter>
      </form>
    </DialogContent>
  );
}
