import { workableAccountSchema } from '@b2g/contracts';
import { z } from 'zod';
import {
  BoardPostings,
  clean,
  envelope,
  isoTime,
  place,
  plain,
  postingList,
  readOneAnswer,
  segment,
  shortText,
  webUrl,
  type BoardReader,
} from './normalise.js';

const answerSchema = z.object({ name: shortText.nullish(), jobs: postingList });

/** A job of the account, with the fields a sync reads beyond auto fill's. */
const jobSchema = workableAccountSchema.shape.jobs.element.extend({
  department: shortText.nullish(),
  published_on: shortText.nullish(),
  created_at: shortText.nullish(),
  shortlink: shortText.nullish(),
  application_url: shortText.nullish(),
});
type Job = z.output<typeof jobSchema>;

/**
 * GET {base}/api/v1/widget/accounts/{slug}?details=true: the account's every published job with
 * its description, in one answer, asked conditionally.
 */
export const readWorkable: BoardReader = ({ http, settings }, name, previous) => {
  const url = `${settings.bases.workable}/api/v1/widget/accounts/${segment(name)}?details=true`;
  return readOneAnswer(http, url, previous, (body) => {
    const account = envelope(body, answerSchema, 'Workable');
    const company = clean(account.name);
    const board = new BoardPostings('shortcode');
    for (const raw of account.jobs) board.add(raw, jobSchema, (job) => toPosting(job, company));
    return board;
  });
};

function toPosting(job: Job, company: string | undefined) {
  return {
    atsId: job.shortcode,
    title: clean(job.title) ?? '',
    description: plain(job.description),
    location: place(job.city, job.state, job.country),
    url: webUrl(job.url) ?? webUrl(job.shortlink) ?? webUrl(job.application_url),
    department: clean(job.department),
    company,
    employmentType: clean(job.employment_type),
    workplaceType: job.telecommuting ? 'remote' : undefined,
    updatedAt: isoTime(job.published_on ?? job.created_at),
  };
}
