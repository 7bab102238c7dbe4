import { EMPLOYER_PAGE, jobPagePath, SITE_NAME } from '@b2g/contracts';
import type { Mailer } from '@b2g/service-kit';
import { render, type Paragraph } from './employer-mail.js';
import type { JobRecord } from './model.js';

/** The e-mails of the review: a post (or an edit) received, approved, rejected with the reason. */
export interface ReviewMails {
  received(to: string, job: JobRecord, edit: boolean): Promise<void>;
  approved(to: string, job: JobRecord, edit: boolean): Promise<void>;
  rejected(to: string, job: JobRecord, reason: string, edit: boolean): Promise<void>;
}

/** Why the poster gets the e-mail: first in every one. */
const because = (job: JobRecord): Paragraph => ({
  text: `You are receiving this because this address was given as the poster's e-mail for "${job.title}" at ${job.company} on ${SITE_NAME}.`,
});

/** The review's e-mails, plain text and HTML like the employers' ones; links on `origin`. */
export function reviewMails(mailer: Mailer, origin: string): ReviewMails {
  const manage: Paragraph = {
    text: 'See your postings (ask for a sign-in link there if you need one):',
    link: { label: 'Manage your postings', url: `${origin}${EMPLOYER_PAGE}` },
  };
  const send = (to: string, job: JobRecord, status: string, body: Paragraph[]) =>
    mailer.send({
      to,
      subject: `Your job "${job.title}" ${status} on ${SITE_NAME}`,
      ...render([because(job), ...body, manage]),
    });
  return {
    received: (to, job, edit) =>
      send(to, job, edit ? 'edit is being reviewed' : 'is being reviewed', [
        {
          text: edit
            ? 'We received your changes. They will show once they have been reviewed, usually within a day; until then the listing stays as it was.'
            : 'We received your listing. It will appear on the board once it has been reviewed, usually within a day.',
        },
        { text: 'We will e-mail you when the review is done.' },
      ]),
    approved: (to, job, edit) =>
      send(to, job, edit ? 'edit is live' : 'is live', [
        {
          text: edit
            ? 'Your changes were reviewed and are live.'
            : 'Your listing was reviewed and is live.',
          link: { label: 'View it', url: `${origin}${jobPagePath(job._id)}` },
        },
      ]),
    rejected: (to, job, reason, edit) =>
      send(to, job, edit ? 'edit was not accepted' : 'was not accepted', [
        {
          text: edit
            ? 'Your changes were reviewed and not accepted; the listing stays as it was.'
            : 'Your listing was reviewed and not accepted, so it will not appear on the board.',
        },
        { text: `The reason: ${reason}` },
      ]),
  };
}
