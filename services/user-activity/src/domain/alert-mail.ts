import {
  ALERT_EMAIL_JOBS_MAX,
  ANALYTICS_REF_PARAM,
  jobPagePath,
  jobsSearchPath,
  SITE_NAME,
  type AnalyticsSource,
  type SearchParams,
} from '@b2g/contracts';
import {
  brandedMailHtml,
  escapeMailHtml,
  MAIL_LOOK,
  mailButton,
  mailLink,
  mailParagraph,
  type MailMessage,
} from '@b2g/service-kit';

const ALERT_SOURCE: AnalyticsSource = 'alert';

/** Addresses of the pages and endpoints alert e-mails link to, on the public origin. */
export class AlertLinks {
  constructor(private readonly baseUrl: string) {}

  /** A job's page, marked as reached from an alert so the page reports the visit's source. */
  job(jobId: string): string {
    const ref = new URLSearchParams({ [ANALYTICS_REF_PARAM]: ALERT_SOURCE });
    return `${this.baseUrl}${jobPagePath(jobId)}?${ref.toString()}`;
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

/** The confirmation e-mail of a visitor's alert (double opt-in). */
export function confirmationMail(
  search: { email: string; name: string },
  links: AlertLinks,
  token: string,
): MailMessage {
  const url = links.confirmPage(token);
  const subject = `Confirm your ${SITE_NAME} alert`;
  return {
    to: search.email,
    subject,
    text: [
      `Someone (hopefully you) asked ${SITE_NAME} for e-mail alerts of new jobs matching: ${search.name}`,
      '',
      `Confirm within 48 hours to start them: ${url}`,
      '',
      'If it was not you, ignore this e-mail: nothing will be sent.',
      '',
      `— ${SITE_NAME}`,
      '',
    ].join('\n'),
    html: brandedMailHtml(
      subject,
      [
        mailParagraph(
          `Someone (hopefully you) asked for e-mail alerts of new jobs matching: <strong>${escapeMailHtml(search.name)}</strong>`,
        ),
        mailParagraph(mailButton(url, 'Confirm your alert')),
        mailParagraph('The link works for 48 hours.'),
      ].join('\n'),
      '<p style="margin:0">If it was not you, ignore this e-mail: nothing will be sent.</p>',
    ),
  };
}

/**
 * An alert: the newest ALERT_EMAIL_JOBS_MAX jobs (title, company, location, salary when known,
 * each linking to its page with `?ref=alert`), 'see all' to the search, and the unsubscribe link
 * both visible and as `List-Unsubscribe` with one-click (RFC 8058); a branded HTML part and the
 * same in plain text.
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
  const subject = `${count}: ${search.name}`.slice(0, 200);
  const because = `You are receiving this because this address asked ${SITE_NAME} for e-mail alerts of new jobs matching ${search.name}.`;
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
    because,
    `Change this alert: ${manage}`,
    `Unsubscribe: ${unsubscribe}`,
    '',
    `— ${SITE_NAME}`,
    '',
  ].join('\n');
  const jobRows = shown.map(
    (job) =>
      `<tr><td style="padding:12px 0;border-top:1px solid ${MAIL_LOOK.border}">` +
      `${mailLink(links.job(job.jobId), job.title, `color:${MAIL_LOOK.brand};font-size:16px;font-weight:bold;text-decoration:none`)}` +
      `<div style="color:${MAIL_LOOK.muted};font-size:14px;margin-top:4px">${escapeMailHtml(details(job).join(' · '))}</div></td></tr>`,
  );
  const html = brandedMailHtml(
    subject,
    [
      mailParagraph(
        `${escapeMailHtml(count)} for your alert <strong>${escapeMailHtml(search.name)}</strong>:`,
      ),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px">${jobRows.join('')}</table>`,
      mailParagraph(mailButton(seeAll, 'See all jobs for this search')),
    ].join('\n'),
    [
      `<p style="margin:0 0 8px">${escapeMailHtml(because)}</p>`,
      `<p style="margin:0">${mailLink(manage, 'Change this alert')} · ${mailLink(unsubscribe, 'Unsubscribe')}</p>`,
    ].join('\n'),
  );
  return {
    to: search.email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.oneClick(manageToken)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
