import { ashbyJobBoardSchema } from '@b2g/contracts';
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
  salaryOf,
  segment,
  shortText,
  webUrl,
  type BoardReader,
} from './normalise.js';

const answerSchema = z.object({ jobs: postingList });

/** A job of the board, with the fields a sync reads beyond auto fill's. */
const jobSchema = ashbyJobBoardSchema.shape.jobs.element.extend({
  department: shortText.nullish(),
  team: shortText.nullish(),
  publishedAt: shortText.nullish(),
  applyUrl: shortText.nullish(),
});
type Job = z.output<typeof jobSchema>;

/**
 * GET {base}/posting-api/job-board/{name}?includeCompensation=true: the whole board in one answer,
 * asked conditionally. Jobs the board marks as not listed are left out.
 */
export const readAshby: BoardReader = ({ http, settings }, name, previous) => {
  const url = `${settings.bases.ashby}/posting-api/job-board/${segment(name)}?includeCompensation=true`;
  return readOneAnswer(http, url, previous, (body) => {
    const board = new BoardPostings();
    for (const raw of envelope(body, answerSchema, 'Ashby').jobs)
      board.add(raw, jobSchema, toPosting);
    return board;
  });
};

function toPosting(job: Job) {
  if (job.isListed === false) return undefined;
  const address = job.address?.postalAddress;
  const pay = job.compensation?.summaryComponents?.find((part) =>
    /salary/i.test(part.compensationType ?? ''),
  );
  return {
    atsId: job.id,
    title: clean(job.title) ?? '',
    description: job.descriptionPlain ? plain(job.descriptionPlain) : plain(job.descriptionHtml),
    location: place(address?.addressLocality, address?.addressRegion) ?? clean(job.location),
    url: webUrl(job.jobUrl) ?? webUrl(job.applyUrl),
    department: clean(job.department) ?? clean(job.team),
    employmentType: clean(job.employmentType),
    workplaceType: clean(job.workplaceType) ?? (job.isRemote ? 'remote' : undefined),
    salary: pay && salaryOf(pay.minValue, pay.maxValue, pay.currencyCode, pay.interval),
    updatedAt: isoTime(job.publishedAt),
  };
}
