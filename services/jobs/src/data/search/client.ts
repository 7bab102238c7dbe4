import { errors, type API, type Types } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type { IndexBound } from '../../domain/ports.js';
import { SearchUnavailableError } from '../../domain/search.js';

export type Query = Types.Common_QueryDsl.QueryContainer;
export type SearchBody = API.Search_RequestBody;

/** Runs a request; an unreachable or failing OpenSearch becomes SearchUnavailableError. */
export async function callOpenSearch<T>(logger: Logger, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof errors.ResponseError && error.statusCode === 400) throw error;
    logger.warn({ err: error }, 'OpenSearch request failed');
    throw new SearchUnavailableError(
      error instanceof Error ? error.message : 'OpenSearch request failed',
    );
  }
}

/** The client's options for one call within `bound`: one attempt, its own timeout. */
export function requestOptions({ withinMs }: IndexBound) {
  return withinMs === undefined ? {} : { requestTimeout: withinMs, maxRetries: 0 };
}

/** A search response's hit count, whichever form OpenSearch gives it in. */
export function totalOf(total: number | { value: number } | undefined): number {
  return typeof total === 'number' ? total : (total?.value ?? 0);
}
