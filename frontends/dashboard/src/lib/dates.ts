import { format, isValid, parseISO } from 'date-fns';

/** What a missing or unreadable date shows instead of crashing the page. */
export const NO_DATE = '—';

export const DATE_FORMAT = 'MMM d, yyyy';
export const DATE_TIME_FORMAT = 'MMM d, yyyy h:mm a';

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? date : null;
}

/** `Jan 5, 2025`, or '—' for a missing or invalid date. */
export function formatDate(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, DATE_FORMAT) : NO_DATE;
}

/** `Jan 5, 2025 3:04 PM`, or '—' for a missing or invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, DATE_TIME_FORMAT) : NO_DATE;
}

/** The `yyyy-MM-dd` value of a date input for an ISO date-time; '' when there is none. */
export function toDateInputValue(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'yyyy-MM-dd') : '';
}
