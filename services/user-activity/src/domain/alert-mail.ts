import {
  ALERT_EMAIL_JOBS_MAX,
  ANALYTICS_REF_PARAM,
  jobPagePath,
  jobsSearchPath,
  SITE_NAME,
  type AnalyticsSource,
  type SearchParams,
} from '@b2g/contracts';
import type { MailMessage } from '@b2g/service-kit';

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

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * The board's look in an e-mail: the theme's colours (packages/ui theme.ts) as inline styles,
 * since mail clients drop style sheets.
 */
const LOOK = {
  page: '#f1f5f9',
  card: '#ffffff',
  brand: '#1e40af',
  brandText: '#ffffff',
  text: '#0f172a',
  muted: '#475569',
  border: '#e2e8f0',
  font: 'Arial, Helvetica, sans-serif',
} as const;

const link = (url: string, label: string, style = `color:${LOOK.brand}`) =>
  `<a href="${escapeHtml(url)}" style="${style}">${escapeHtml(label)}</a>`;

const button = (url: string, label: string) =>
  link(
    url,
    label,
    `display:inline-block;background:${LOOK.brand};color:${LOOK.brandText};padding:10px 18px;border-radius:6px;font-weight:bold;text-decoration:none`,
  );

/**
 * A branded HTML e-mail: the board's name as a header band, the content on a card, and a footer
 * saying why it came (with its links), signed with the board's name as the employers' e-mails are.
 */
function branded(subject: string, content: string, footer: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${LOOK.page};font-family:${LOOK.font};color:${LOOK.text}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${LOOK.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:${LOOK.card};border:1px solid ${LOOK.border};border-radius:8px">`,
    `<tr><td style="background:${LOOK.brand};color:${LOOK.brandText};padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(SITE_NAME)}</td></tr>`,
    `<tr><td style="padding:24px;font-size:15px;line-height:1.5">${content}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid ${LOOK.border};color:${LOOK.muted};font-size:13px;line-height:1.5">${footer}<p style="margin:12px 0 0">— ${escapeHtml(SITE_NAME)}</p></td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

const paragraph = (html: string) => `<p style="margin:0 0 16px">${html}</p>`;

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
    html: branded(
      subject,
      [
        paragraph(
          `Someone (hopefully you) asked for e-mail alerts of new jobs matching: <strong>${escapeHtml(search.name)}</strong>`,
        ),
        paragraph(button(url, 'Confirm your alert')),
        paragraph('The link works for 48 hours.'),
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
      `<tr><td style="padding:12px 0;border-top:1px solid ${LOOK.border}">` +
      `${link(links.job(job.jobId), job.title, `color:${LOOK.brand};font-size:16px;font-weight:bold;text-decoration:none`)}` +
      `<div style="color:${LOOK.muted};font-size:14px;margin-top:4px">${escapeHtml(details(job).join(' · '))}</div></td></tr>`,
  );
  const html = branded(
    subject,
    [
      paragraph(`${escapeHtml(count)} for your alert <strong>${escapeHtml(search.name)}</strong>:`),
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px">${jobRows.join('')}</table>`,
      paragraph(button(seeAll, 'See all jobs for this search')),
    ].join('\n'),
    [
      `<p style="margin:0 0 8px">${escapeHtml(because)}</p>`,
      `<p style="margin:0">${link(manage, 'Change this alert')} · ${link(unsubscribe, 'Unsubscribe')}</p>`,
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
