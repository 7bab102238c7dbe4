import { APPLICATION_STATUSES, humanize, type ApplicationMethod } from '@b2g/contracts';
import type { Tone } from '@b2g/ui';

/** Badge colour of an application status (spec §2); anything unknown is gray. */
const STATUS_TONES: Readonly<Record<string, Tone>> = {
  applied: 'blue',
  under_review: 'yellow',
  interview_scheduled: 'green',
  offer_received: 'emerald',
  rejected: 'red',
};

export function statusTone(status: string): Tone {
  return STATUS_TONES[status] ?? 'gray';
}

/** Every application status as a select option, labelled as its badge reads. */
export const STATUS_OPTIONS = APPLICATION_STATUSES.map((value) => ({
  value,
  label: humanize(value),
}));

export const APPLICATION_METHOD_LABELS = {
  company_website: 'Company website',
  email: 'Email',
  portal: 'Job portal',
  recruiter: 'Recruiter',
  referral: 'Referral',
  other: 'Other',
} as const satisfies Record<ApplicationMethod, string>;
