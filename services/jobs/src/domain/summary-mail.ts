import { EMPLOYER_PAGE, jobPagePath, SITE_NAME } from '@b2g/contracts';
import type { Mailer } from '@b2g/service-kit';
import { render } from './employer-mail.js';
import { SUMMARY_DAYS, type SummaryLine, type SummaryMail } from './weekly-summary.js';

/** Where the weekly summary's opt-out is posted (by the page it links to, or by a mail client). */
export const SUMMARY_OPT_OUT_PATH = '/api/employer/summary-opt-out';

/**
 * The opt-out link. Its token is in the query, since mail clients post RFC 8058's one-click
 * unsubscribe to the URL itself; the token can do nothing but stop this address's summaries.
 */
export const optOutUrl = (origin: string, token: string) =>
  `${origin}${SUMMARY_OPT_OUT_PATH}?token=${encodeURIComponent(token)}`;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The weekly summary: each live posting's figures, the postings page and the opt-out. */
export function summaryMail(mailer: Mailer, origin: string): SummaryMail {
  return {
    async weeklySummary(to: string, lines: SummaryLine[], optOutToken: string) {
      const optOut = optOutUrl(origin, optOutToken);
      await mailer.send({
        to,
        subject: `Your postings this week on ${SITE_NAME}`,
        headers: {
          'List-Unsubscribe': `<${optOut}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        ...render([
          {
            text: `You are receiving this because this address was given as the poster's e-mail of live postings on ${SITE_NAME}. The last ${SUMMARY_DAYS} days:`,
          },
          ...lines.map(({ job, views, applyClicks, bookmarks }) => ({
            text: `${job.title} at ${job.company}: ${plural(views, 'view')}, ${plural(applyClicks, 'apply click')}, ${plural(bookmarks, 'bookmark')}.`,
            link: { label: 'View it', url: `${origin}${jobPagePath(job._id)}` },
          })),
          {
            text: 'Daily figures, sources and a CSV are under Statistics on your postings page:',
            link: { label: 'Manage your postings', url: `${origin}${EMPLOYER_PAGE}` },
          },
          {
            text: 'Do not want this weekly summary? Stop it here; your postings stay as they are.',
            link: { label: 'Stop the weekly summary', url: optOut },
          },
        ]),
      });
    },
  };
}
