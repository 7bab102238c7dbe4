import {
  EMPLOYER_EXTEND_PAGE,
  EMPLOYER_PAGE,
  EMPLOYER_SIGN_IN_PAGE,
  jobPagePath,
  SITE_NAME,
  type JobClosedReason,
} from '@b2g/contracts';
import { escapeMailHtml, type Mailer } from '@b2g/service-kit';
import type { JobRecord } from './model.js';

/** The e-mails an employer gets; each link is absolute on the site's public origin. */
export interface EmployerMails {
  /** After a post: the job's page, the postings page and a sign-in link. */
  posted(to: string, job: JobRecord, token: string): Promise<void>;
  /** Asked for on the sign-in page. */
  signInLink(to: string, token: string): Promise<void>;
  /** A few days before a posting's last day: a one-click extend link (by `extendDays`) and /employer. */
  expiring(
    to: string,
    job: JobRecord,
    lastDay: string,
    token: string,
    extendDays: number,
  ): Promise<void>;
  /** After its last day the posting was taken down: /employer to relist it. */
  expired(to: string, job: JobRecord, lastDay: string): Promise<void>;
  /** Closed by its employer (the outcome), the freshness checker, or the admin (`reason` null). */
  closed(to: string, job: JobRecord, reason: JobClosedReason | null): Promise<void>;
}

/** Who closed a posting and why, as the "closed" e-mail says it. */
const CLOSED_BECAUSE: Record<JobClosedReason | 'removed', string> = {
  filled_here: 'You closed it: the role was filled through this board.',
  filled_elsewhere: 'You closed it: the role was filled elsewhere.',
  not_hiring: 'You closed it: the role is no longer being hired for.',
  gone: 'Our daily check found that the job is no longer listed at its source, so it was taken down.',
  expired: 'Its closing date has passed, so our daily check took it down.',
  removed: "It was removed by the board's administrator.",
};

export interface Paragraph {
  text: string;
  link?: { label: string; url: string };
}

/** Plain text and simple HTML of the same paragraphs, signed with the board's name. */
export function render(paragraphs: Paragraph[]) {
  const all = [...paragraphs, { text: `— ${SITE_NAME}` }];
  const text = all
    .map((p) => (p.link ? `${p.text}\n${p.link.label}: ${p.link.url}` : p.text))
    .join('\n\n');
  const html = all
    .map((p) =>
      p.link
        ? `<p>${escapeMailHtml(p.text)}<br><a href="${escapeMailHtml(p.link.url)}">${escapeMailHtml(p.link.label)}</a></p>`
        : `<p>${escapeMailHtml(p.text)}</p>`,
    )
    .join('\n');
  return { text: `${text}\n`, html: `<!doctype html><html><body>${html}</body></html>` };
}

/**
 * The sign-in link carries its token in the fragment: a browser never sends it to a server, so it
 * reaches no access log and no Referer.
 */
export const signInUrl = (origin: string, token: string) =>
  `${origin}${EMPLOYER_SIGN_IN_PAGE}#token=${encodeURIComponent(token)}`;

/** The one-click extend link: its token in the fragment too. */
export const extendUrl = (origin: string, token: string) =>
  `${origin}${EMPLOYER_EXTEND_PAGE}#token=${encodeURIComponent(token)}`;

/** What an e-mail about a posting says: its state (in the subject), the news, where to manage it. */
interface PostingNotice {
  status: string;
  body: Paragraph[];
  manage: string;
}

const expiredNotice = (lastDay: string): PostingNotice => ({
  status: 'has expired',
  body: [{ text: `Its time on the board ended on ${lastDay}, so it was taken down.` }],
  manage: 'Still hiring? Relist it as a new posting from your postings:',
});

const closedNotice = (reason: JobClosedReason | null): PostingNotice => ({
  status: 'is closed',
  body: [{ text: `Your listing is closed. ${CLOSED_BECAUSE[reason ?? 'removed']}` }],
  manage: 'See your postings, or relist this one:',
});

/** Why a posting's poster gets an e-mail about it. */
const becausePosted = (job: JobRecord) => ({
  text: `You are receiving this because this address was given as the poster's e-mail for "${job.title}" at ${job.company} on ${SITE_NAME}.`,
});

export function employerMails(mailer: Mailer, origin: string, linkTtlHours: number): EmployerMails {
  const signIn = (token: string): Paragraph => ({
    text: `This sign-in link works once, for ${linkTtlHours} hours. You need no password.`,
    link: { label: 'Sign in to manage your postings', url: signInUrl(origin, token) },
  });
  /** An e-mail to a posting's poster: why it was sent first, the postings page last. */
  const aboutPosting = (to: string, job: JobRecord, notice: PostingNotice) =>
    mailer.send({
      to,
      subject: `Your job "${job.title}" ${notice.status} on ${SITE_NAME}`,
      ...render([
        becausePosted(job),
        ...notice.body,
        {
          text: notice.manage,
          link: { label: 'Manage your postings', url: `${origin}${EMPLOYER_PAGE}` },
        },
      ]),
    });
  return {
    async posted(to, job, token) {
      await mailer.send({
        to,
        subject: `Your job "${job.title}" is live on ${SITE_NAME}`,
        ...render([
          {
            text: `You are receiving this because this address was given as the poster's e-mail when "${job.title}" at ${job.company} was posted on ${SITE_NAME}.`,
          },
          {
            text: 'Your listing is live.',
            link: { label: 'View it', url: `${origin}${jobPagePath(job._id)}` },
          },
          {
            text: 'Edit it, extend its closing date or close it when the role is filled:',
            link: { label: 'Manage your postings', url: `${origin}${EMPLOYER_PAGE}` },
          },
          signIn(token),
          { text: 'If you did not post this job, ignore this e-mail.' },
        ]),
      });
    },
    async signInLink(to, token) {
      await mailer.send({
        to,
        subject: `Sign in to manage your postings on ${SITE_NAME}`,
        ...render([
          {
            text: `You are receiving this because a sign-in link for this address's job postings was asked for on ${SITE_NAME}.`,
          },
          signIn(token),
          { text: 'If you did not ask for it, ignore this e-mail: nothing changes.' },
        ]),
      });
    },
    expiring: (to, job, lastDay, token, extendDays) =>
      aboutPosting(to, job, {
        status: `leaves the board after ${lastDay}`,
        body: [
          {
            text: `Your listing is on the board until the end of ${lastDay}; after that it is taken down. To keep it up for ${extendDays} more days, use this link (it works once, until then, for this posting only):`,
            link: { label: `Extend it by ${extendDays} days`, url: extendUrl(origin, token) },
          },
          { text: 'If the role is filled, do nothing: the listing ends by itself.' },
        ],
        manage: 'Or sign in to edit, extend or close it:',
      }),
    expired: (to, job, lastDay) => aboutPosting(to, job, expiredNotice(lastDay)),
    closed: (to, job, reason) => aboutPosting(to, job, closedNotice(reason)),
  };
}
