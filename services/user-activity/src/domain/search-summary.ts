import { createHash } from 'node:crypto';
import { savedSearchQuerySchema, type SearchParams } from '@b2g/contracts';

/** Parameters that change nothing (blank, 'all', paging) are left out; the rest in a fixed order. */
export function canonicalParams(params: SearchParams): SearchParams {
  const parsed = savedSearchQuerySchema.parse(params);
  const result: SearchParams = {};
  for (const [key, value] of Object.entries(parsed).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== undefined && value !== null && value !== '') result[key] = String(value);
  }
  return result;
}

/** Who an alert is for: a signed-in user's alerts go by account, a visitor's by address. */
export interface AlertOwner {
  userId: string | null;
  email: string;
}

/**
 * One key per owner and search, for the unique lookup that answers a second sign-up with the
 * first alert. Equal for the same filters in any order, its words in any case or spacing, and any
 * sort (which orders the list but matches the same jobs).
 */
export function searchKeyOf(owner: AlertOwner, params: SearchParams): string {
  const filters = Object.entries(canonicalParams(params))
    .filter(([key]) => key !== 'sort')
    .map(([key, value]) => [key, value.trim().replace(/\s+/g, ' ').toLowerCase()]);
  const who = owner.userId === null ? `email:${owner.email.toLowerCase()}` : `user:${owner.userId}`;
  return createHash('sha256')
    .update(JSON.stringify([who, filters]))
    .digest('base64url');
}
