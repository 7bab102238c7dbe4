import {
  createJobRequestSchema,
  publicJobPostFormSchema,
  type EmployerJob,
  type PublicJobPostForm,
} from '@b2g/contracts';
import { JOB_TERM_NAMES } from '@b2g/ui';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';

/** The public post form with the poster's optional work e-mail, checked as the server checks it. */
export const postJobFormSchema = publicJobPostFormSchema.safeExtend({
  posterEmail: createJobRequestSchema.shape.posterEmail,
});
export type PostJobForm = z.input<typeof postJobFormSchema>;
export type PostJob = z.output<typeof postJobFormSchema>;

/**
 * A posting as the post form's values, to edit it or post it again. The terms box starts
 * unticked: each post or change is confirmed as on a new post.
 */
export function postingFormValues(job: EmployerJob): DefaultValues<PostJobForm> {
  const values: DefaultValues<PublicJobPostForm> = {
    title: job.title,
    company: job.company,
    location: job.location,
    description: job.description,
    url: job.url ?? job.link ?? '',
    sector: job.sector,
    experienceLevel: job.experienceLevel ?? '',
    jobFunction: job.jobFunction ?? '',
    remoteDays: job.remoteDays,
    isAgencyRole: job.isAgencyRole,
  };
  const terms = Object.fromEntries(JOB_TERM_NAMES.map((name) => [name, job[name]]));
  return { ...values, ...terms };
}
