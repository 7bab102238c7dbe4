import { EMPLOYER_PAGE, EMPLOYER_SIGN_IN_PAGE, jobPagePath, SITE_NAME } from '@b2g/contracts';
import type { Mailer } from '@b2g/service-kit';
import type { JobRecord } from './model.js';

/** The e-mails an employer gets; each link is absolute on the site's public origin. */
export interface EmployerMails {
  /** After a post: the job's page, the postings page and a sign-in link. */
  posted(to: string, job: JobRecord, token: string): Promise<void>;
  /** Asked for on the sign-in page. */
  signInLink(to: string, token: string): Promise<void>;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

interface Paragraph {
  text: string;
  link?: { label: string; url: string };
}

/** Plain text and simple HTML of the same paragraphs, signed with the board's name. */
function render(paragraphs: Paragraph[]) {
  const all = [...paragraphs, { text: `— ${SITE_NAME}` }];
  const text = all
    .map((p) => (p.link ? `${p.text}\n${p.link.label}: ${p.link.url}` : p.text))
    .join('\n\n');
  const html = all
    .map((p) =>
      p.link
        ? `<p>${escapeHtml(p.text)}<br><a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a></p>`
        : `<p>${escapeHtml(p.text)}</p>`,
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

export function employerMails(mailer: Mailer, origin: string, linkTtlHours: number): EmployerMails {
  const signIn = (token: string): Paragraph => ({
    text: `This sign-in link works once, for ${linkTtlHours} hours. You need no password.`,
    link: { label: 'Sign in to manage your postings', url: signInUrl(origin, token) },
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
  };
}
