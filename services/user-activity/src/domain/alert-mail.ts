import {
  ALERT_EMAIL_JOBS_MAX,
  jobPagePath,
  jobsSearchPath,
  type SearchParams,
} from '@b2g/contracts';
import type { MailMessage } from '@b2g/service-kit';

/** Addresses of the pages and endpoints alert e-mails link to, on the public origin. */
export class AlertLinks {
  constructor(private readonly baseUrl: string) {}

  job(jobId: string): string {
    return `${this.baseUrl}${jobPagePath(jobId)}`;
  }

  /** The search on /jobs ('see all'). */
  search(query: SearchParams): string {
    return `${this.baseUrl}${jobsSearchPath(query)}`;
  }

  /**
   * Pages that read the token from the fragment, which browsers never send to a server (so it is
   * in no access log), and post it to the API.
   */
  confirmPage(token: string): string {
    return `${this.baseUrl}/alerts/confirm#token=${token}`;
  }

  managePage(token: string): string {
    return `${this.baseUrl}/alerts/manage#token=${token}`;
  }

  unsubscribePage(token: string): string {
    return `${this.baseUrl}/alerts/unsubscribe#token=${token}`;
  }

  /** RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` to it. */
  oneClick(token: string): string {
    return `${this.baseUrl}/api/alerts/unsubscribe?token=${token}`;
  }
}

/** One job of an alert e-mail. */
export interface AlertJob {
  jobId: string;
  title: string;
  company: string;
  location: string;
  salary: string | null;
  /** YYYY-MM-DD: after it the job is closed and left out. */
  closingDate: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The confirmation e-mail of a visitor's alert (double opt-in). */
export function confirmationMail(
  search: { email: string; name: string },
  links: AlertLinks,
  token: string,
): MailMessage {
  const url = links.confirmPage(token);
  return {
    to: search.email,
    subject: 'Confirm your B2G Jobs alert',
    text: [
      `Someone (hopefully you) asked for e-mail alerts of new jobs matching: ${search.name}`,
      '',
      `Confirm within 48 hours to start them: ${url}`,
      '',
      'If it was not you, ignore this e-mail: nothing will be sent.',
    ].join('\n'),
    html: [
      `<p>Someone (hopefully you) asked for e-mail alerts of new jobs matching: <strong>${escapeHtml(search.name)}</strong></p>`,
      `<p><a href="${escapeHtml(url)}">Confirm your alert</a> within 48 hours to start them.</p>`,
      '<p>If it was not you, ignore this e-mail: nothing will be sent.</p>',
    ].join('\n'),
  };
}

/**
 * An alert: the newest ALERT_EMAIL_JOBS_MAX jobs (title, company, location, salary when known,
 * each linking to its page), 'see all' to the search, and the unsubscribe link both visible and
 * as `List-Unsubscribe` with one-click (RFC 8058).
 */
export function alertMail(
  search: { email: string; name: string; query: SearchParams },
  jobs: readonly AlertJob[],
  links: AlertLinks,
  manageToken: string,
): MailMessage {
  const shown = jobs.slice(0, ALERT_EMAIL_JOBS_MAX);
  const count = jobs.length === 1 ? '1 new job' : `${jobs.length} new jobs`;
  const details = (job: AlertJob) =>
    [job.company, job.location, job.salary].filter((part): part is string => Boolean(part));
  const seeAll = links.search(search.query);
  const manage = links.managePage(manageToken);
  const unsubscribe = links.unsubscribePage(manageToken);
  const text = [
    `${count} for your alert "${search.name}":`,
    '',
    ...shown.flatMap((job) => [
      job.title,
      `  ${details(job).join(' · ')}`,
      `  ${links.job(job.jobId)}`,
      '',
    ]),
    `See all: ${seeAll}`,
    '',
    `Change this alert: ${manage}`,
    `Unsubscribe: ${unsubscribe}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(count)} for your alert <strong>${escapeHtml(search.name)}</strong>:</p>`,
    '<ul>',
    ...shown.map(
      (job) =>
        `<li><a href="${escapeHtml(links.job(job.jobId))}">${escapeHtml(job.title)}</a><br>${escapeHtml(details(job).join(' · '))}</li>`,
    ),
    '</ul>',
    `<p><a href="${escapeHtml(seeAll)}">See all jobs for this search</a></p>`,
    `<p><a href="${escapeHtml(manage)}">Change this alert</a> · <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
  ].join('\n');
  return {
    to: search.email,
    subject: `${count}: ${search.name}`.slice(0, 200),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.oneClick(manageToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
