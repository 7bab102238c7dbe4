import { REMOTE_DAYS_MAX, SECTOR_LABELS, type Job } from '@b2g/contracts';
import { applyHref } from './format.js';

/** One schema.org JobPosting for a listed job. */
export function jobPostingLd(job: Job) {
  const href = applyHref(job);
  return {
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.postedAt,
    hiringOrganization: { '@type': 'Organization', name: job.company },
    jobLocation: {
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: job.location },
    },
    ...(job.remoteDays === REMOTE_DAYS_MAX || (job.isRemote && !job.remoteDays)
      ? { jobLocationType: 'TELECOMMUTE' }
      : {}),
    industry: SECTOR_LABELS[job.sector],
    ...(job.jobFunction ? { occupationalCategory: job.jobFunction } : {}),
    ...(href === '#' ? {} : { url: href }),
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
  };
}

/** JSON that is safe inside a <script> element: '<' never closes it. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The listed jobs as schema.org JobPosting structured data for search engines. */
export function JobPostingJsonLd({ jobs }: { jobs: readonly Job[] }) {
  if (jobs.length === 0) return null;
  const data = { '@context': 'https://schema.org', '@graph': jobs.map(jobPostingLd) };
  return (
    <script
      type="application/ld+json"
      // The content is JSON escaped for a script element, not markup.
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }}
    />
  );
}
