// How the pages present things: the numbers and labels spec §2 and §9 give the screens. They are
// the frontends' own (no service reads them), so they live here and not in the contracts.
import {
  JOB_FUNCTION_LABELS,
  JOB_FUNCTIONS,
  type JobCheckOutcome,
  type JobClosedReason,
  type JobFunction,
  type Sector,
} from '@b2g/contracts';

const SECOND_MS = 1000;

/** Redirect to /jobs after a job is posted, and to /login after a password reset. */
export const JOB_POST_REDIRECT_MS = 3 * SECOND_MS;
export const PASSWORD_RESET_REDIRECT_MS = 3 * SECOND_MS;

/** Toasts: at most one at once, shown 5000 ms, swiped right past 50 px, F8 focuses the viewport. */
export const TOAST_DURATION_MS = 5 * SECOND_MS;
export const TOAST_LIMIT = 1;
export const TOAST_SWIPE_DIRECTION = 'right';
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'] as const;
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

/** Skeletons while loading: 3 on home, 5 on the jobs list, 4 cards and 3 or 5 rows on the dashboard. */
export const HOME_SKELETON_COUNT = 3;
export const JOBS_SKELETON_COUNT = 5;
export const DASHBOARD_SKELETON_CARDS = 4;
export const DASHBOARD_SKELETON_ROWS = 3;
export const DASHBOARD_ACTIVITY_SKELETON_ROWS = 5;
/** A job card's description is clamped to this many lines. */
export const JOB_DESCRIPTION_LINE_CLAMP = 2;
/** The dashboard's Recent Activity card shows at most this many items. */
export const RECENT_ACTIVITY_LIMIT = 5;

/** The landing page's logo rating scale. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const LAUNCH_YEAR = 2026;
export const COPYRIGHT_YEAR = 2024;

/** Sector badge of a featured card on the home page; other sectors show no badge. */
export const SECTOR_BADGE_LABELS = {
  FEDERAL: 'Federal',
  STATE_LOCAL: 'SLED',
} as const satisfies Partial<Record<Sector, string>>;

export interface SelectOption<T extends string> {
  readonly label: string;
  readonly value: T;
}

/** The home page's sector dropdown. */
export const HOME_SECTOR_OPTIONS = [
  { label: 'Federal', value: 'FEDERAL' },
  { label: 'SLED', value: 'STATE_LOCAL' },
] as const satisfies readonly SelectOption<Sector>[];

export const JOB_FUNCTION_OPTIONS = JOB_FUNCTIONS.map((value): SelectOption<JobFunction> => ({
  label: JOB_FUNCTION_LABELS[value],
  value,
}));

/** How the admin list names why a job was closed (by the checker or by its employer). */
export const JOB_CLOSED_REASON_LABELS = {
  gone: 'Gone from its source',
  expired: 'Past its closing date',
  filled_here: 'Filled through the board',
  filled_elsewhere: 'Filled elsewhere',
  not_hiring: 'No longer hiring',
} as const satisfies Record<JobClosedReason, string>;

/** The toast after the admin's "Check now", per outcome. */
export const JOB_CHECK_OUTCOME_MESSAGES = {
  open: 'Still open at its source: marked verified.',
  gone: 'Gone from its source: the job is closed.',
  expired: 'Past its closing date: the job is closed.',
  unavailable: 'The source could not be read: nothing changed.',
} as const satisfies Record<JobCheckOutcome, string>;
