import { createHash } from 'node:crypto';
import type { SourceSalary } from './model.js';

/** The applicant tracking systems whose public board APIs are read whole. */
export const ATS_NAMES = ['greenhouse', 'lever', 'ashby', 'smartrecruiters', 'workable'] as const;
export type AtsName = (typeof ATS_NAMES)[number];

/** A company's board on an ATS: the ATS and the board's name there (token, site, slug, id). */
export interface Board {
  ats: AtsName;
  name: string;
}

/** A posting read from a board, normalised: the same fields whichever ATS it came from. */
export interface ReadPosting {
  /** The ATS's own id of the posting; with the source, the posting's key. */
  atsId: string;
  title: string;
  /** Plain text (HTML converted), lines kept apart. */
  description: string;
  location?: string | undefined;
  /** Where a candidate reads or applies (http or https only). */
  url?: string | undefined;
  department?: string | undefined;
  company?: string | undefined;
  /** The ATS's own employment type ("Full-time", "FULL_TIME", …). */
  employmentType?: string | undefined;
  /** The ATS's workplace type ("remote", "hybrid", "onsite", …). */
  workplaceType?: string | undefined;
  salary?: SourceSalary | undefined;
  /** ISO 8601, when the ATS says when the posting last changed (or was published). */
  updatedAt?: string | undefined;
  /** sha256 (hex) of the normalised content: equal hashes mean nothing a reader sees changed. */
  contentHash: string;
}

/** A posting of the board that could not be read, with why (never a half-made posting). */
export interface PostingFailure {
  atsId?: string | undefined;
  reason: string;
}

/** What hashing covers: the content, not when the ATS says it changed. */
const HASHED_FIELDS = [
  'title',
  'description',
  'location',
  'url',
  'department',
  'company',
  'employmentType',
  'workplaceType',
  'salary',
] as const;

/** The posting with its content hash. */
export function withContentHash(posting: Omit<ReadPosting, 'contentHash'>): ReadPosting {
  const content = HASHED_FIELDS.map((field) => {
    const value = posting[field];
    return field === 'salary' && typeof value === 'object'
      ? [value.min ?? null, value.max ?? null, value.currency ?? null, value.interval ?? null]
      : (value ?? null);
  });
  const contentHash = createHash('sha256')
    .update(JSON.stringify([posting.atsId, ...content]))
    .digest('hex');
  return { ...posting, contentHash };
}
