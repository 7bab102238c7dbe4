import {
  EMPLOYMENT_TYPE_LABELS,
  humanize,
  JOB_CLEARANCE_LABELS,
  JOB_FUNCTION_LABELS,
  salaryFilterLabel,
  SECTOR_LABELS,
  savedSearchQuerySchema,
  type SearchParams,
} from '@b2g/contracts';

/** Parameters that change nothing (blank, 'all', paging) are left out; the rest in a fixed order. */
export function canonicalParams(params: SearchParams): SearchParams {
  const parsed = savedSearchQuerySchema.parse(params);
  const result: SearchParams = {};
  for (const [key, value] of Object.entries(parsed).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null && value !== '') result[key] = String(value);
  }
  return result;
}

/** A readable name for a search: its words, then its filters ("“capture” · Federal · Sales"). */
export function summaryOf(params: SearchParams): string {
  const query = savedSearchQuerySchema.parse(params);
  const parts: string[] = [];
  if (query.search) parts.push(`“${query.search}”`);
  if (query.sector) parts.push(SECTOR_LABELS[query.sector]);
  if (query.jobFunction) parts.push(JOB_FUNCTION_LABELS[query.jobFunction]);
  if (query.employerType) parts.push(humanize(query.employerType.toLowerCase()));
  if (query.experienceLevel) parts.push(`${humanize(query.experienceLevel)} level`);
  if (query.remote) parts.push(humanize(query.remote));
  if (query.clearance) parts.push(`clearance up to ${JOB_CLEARANCE_LABELS[query.clearance]}`);
  if (query.employmentType) parts.push(EMPLOYMENT_TYPE_LABELS[query.employmentType]);
  if (query.salaryMin !== undefined) parts.push(salaryFilterLabel(query.salaryMin));
  if (query.location) parts.push(`in ${query.location}`);
  if (query.postedWithin) parts.push(`posted within ${query.postedWithin} days`);
  return parts.length > 0 ? parts.join(' · ').slice(0, 200) : 'All jobs';
}
