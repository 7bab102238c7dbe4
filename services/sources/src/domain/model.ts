/**
 * A posting as an employer's system states it, before classification: what Greenhouse, Lever,
 * Ashby, SmartRecruiters, Workable or a vendor's push gives, reduced to the fields the rules read.
 */
export interface SourcePosting {
  title: string;
  /** Plain text or HTML (tags are stripped before the rules read it). */
  description: string;
  location?: string | undefined;
  /** The ATS's department or team. */
  department?: string | undefined;
  company?: string | undefined;
  /** The ATS's own employment type ("Full-time", "FULL_TIME", "Contract", …). */
  employmentType?: string | undefined;
  /** The ATS's workplace type ("remote", "hybrid", "onsite", …). */
  workplaceType?: string | undefined;
  /** The ATS's pay range fields, when it has them. */
  salary?: SourceSalary | undefined;
}

export interface SourceSalary {
  min?: number | undefined;
  max?: number | undefined;
  /** ISO 4217; only USD amounts are kept. */
  currency?: string | undefined;
  /** "year", "annual", "yearly", "hour", "hourly", "per-hour-wage", … */
  interval?: string | undefined;
}
