import { greenhouseJobSchema } from '@b2g/contracts';
import { z } from 'zod';
import {
  BoardPostings,
  clean,
  envelope,
  isoTime,
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

/** A job of the board list, with the fields a sync reads beyond auto fill's. */
const jobSchema = greenhouseJobSchema.extend({
  updated_at: shortText.nullish(),
  departments: z
    .array(z.object({ name: shortText.nullish() }))
    .max(50)
    .nullish(),
});
type Job = z.output<typeof jobSchema>;

/**
 * GET {base}/v1/boards/{token}/jobs?content=true: the whole board in one answer (Greenhouse does
 * not page it), asked conditionally with the last answer's validators.
 */
export const readGreenhouse: BoardReader = ({ http, settings }, name, previous) => {
  const url = `${settings.bases.greenhouse}/v1/boards/${segment(name)}/jobs?content=true&pay_transparency=true`;
  return readOneAnswer(http, url, previous, (body) => {
    const board = new BoardPostings();
    for (const raw of envelope(body, answerSchema, 'Greenhouse').jobs) {
      board.add(raw, jobSchema, toPosting);
    }
    return board;
  });
};

function toPosting(job: Job) {
  const pay = job.pay_input_ranges?.[0];
  const employment = job.metadata?.find((entry) =>
    /employment|job type|commitment/i.test(entry.name),
  );
  return {
    atsId: String(job.id),
    title: clean(job.title) ?? '',
    description: plain(job.content),
    location: clean(job.location?.name),
    url: webUrl(job.absolute_url),
    department: clean(job.departments?.[0]?.name),
    company: clean(job.company_name),
    employmentType: typeof employment?.value === 'string' ? clean(employment.value) : undefined,
    salary: pay
      ? salaryOf(
          pay.min_cents != null ? pay.min_cents / 100 : undefined,
          pay.max_cents != null ? pay.max_cents / 100 : undefined,
          pay.currency_type,
          /hour/i.test(pay.title ?? '') ? 'hour' : 'year',
        )
      : undefined,
    updatedAt: isoTime(job.updated_at),
  };
}
