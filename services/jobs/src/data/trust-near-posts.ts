import { errors, type API, type Client } from '@opensearch-project/opensearch';
import type { Logger } from 'pino';
import type { NearCandidate, NearPostsIndex, PostText } from '../domain/ports.js';
import { callOpenSearch, requestOptions } from './search/client.js';

/** How much of a description is looked up: its start says what the job is. */
const LIKE_DESCRIPTION_CHARS = 2_000;

export interface NearPostsOptions {
  client: Client;
  /** The jobs search alias (active jobs). */
  alias: string;
  /** The index of rejected and banned posts. */
  rejectedIndex: string;
  logger: Logger;
  /** One attempt within this many ms per look-up, so a slow index cannot stall a post. */
  withinMs?: number;
}

const DEFAULT_WITHIN_MS = 2_000;

const likeOf = (text: PostText) =>
  `${text.title}\n${text.description.slice(0, LIKE_DESCRIPTION_CHARS)}`;

/** A few candidates by more_like_this on title and description; the exact comparison is the caller's. */
function likeQuery(text: PostText, limit: number, excludeId?: string): API.Search_RequestBody {
  return {
    size: limit,
    _source: ['id', 'title', 'company', 'description'],
    query: {
      bool: {
        must: [
          {
            more_like_this: {
              fields: ['title', 'description'],
              like: likeOf(text),
              min_term_freq: 1,
              min_doc_freq: 1,
              max_query_terms: 40,
              minimum_should_match: '30%',
            },
          },
        ],
        ...(excludeId ? { must_not: [{ ids: { values: [excludeId] } }] } : {}),
      },
    },
  } as API.Search_RequestBody;
}

const REJECTED_MAPPING: API.Indices_Create_RequestBody = {
  settings: { number_of_shards: 1, number_of_replicas: 0 },
  mappings: {
    dynamic: false,
    properties: {
      id: { type: 'keyword' },
      title: { type: 'text', analyzer: 'english' },
      company: { type: 'text', analyzer: 'english' },
      description: { type: 'text', analyzer: 'english' },
      rememberedAt: { type: 'date' },
    },
  },
};

const isMissingIndex = (error: unknown) =>
  error instanceof errors.ResponseError && error.statusCode === 404;

/**
 * Near-duplicate candidates from OpenSearch: active jobs through the jobs alias, rejected and
 * banned posts through a small index of their own (created with the first one remembered).
 */
export class OpenSearchNearPosts implements NearPostsIndex {
  private created: Promise<void> | undefined;

  constructor(private readonly options: NearPostsOptions) {}

  activeLike(text: PostText, limit: number, excludeId?: string): Promise<NearCandidate[]> {
    return this.like(this.options.alias, likeQuery(text, limit, excludeId));
  }

  rejectedLike(text: PostText, limit: number): Promise<NearCandidate[]> {
    return this.like(this.options.rejectedIndex, likeQuery(text, limit));
  }

  async rememberRejected(id: string, text: PostText): Promise<void> {
    await this.ensureIndex();
    const { client, logger, rejectedIndex } = this.options;
    const document = { id, ...text, rememberedAt: new Date().toISOString() };
    await callOpenSearch(logger, () =>
      client.index({ index: rejectedIndex, id, body: document, refresh: true }),
    );
  }

  /** The candidates; none while the index does not exist (nothing rejected or indexed yet). */
  private async like(index: string, body: API.Search_RequestBody): Promise<NearCandidate[]> {
    const { client, logger, withinMs } = this.options;
    const response = await callOpenSearch(logger, () =>
      client
        .search({ index, body }, requestOptions({ withinMs: withinMs ?? DEFAULT_WITHIN_MS }))
        .catch((error: unknown) => {
          if (isMissingIndex(error)) return undefined;
          throw error;
        }),
    );
    return (response?.body.hits.hits ?? []).flatMap((hit) => {
      const source = hit._source as Partial<NearCandidate> | undefined;
      return source?.id
        ? [
            {
              id: source.id,
              title: source.title ?? '',
              company: source.company ?? '',
              description: source.description ?? '',
            },
          ]
        : [];
    });
  }

  private ensureIndex(): Promise<void> {
    this.created ??= this.create().catch((error: unknown) => {
      this.created = undefined;
      throw error;
    });
    return this.created;
  }

  private async create(): Promise<void> {
    const { client, logger, rejectedIndex } = this.options;
    try {
      await callOpenSearch(logger, () =>
        client.indices.create({ index: rejectedIndex, body: REJECTED_MAPPING }),
      );
    } catch (error) {
      if (
        error instanceof errors.ResponseError &&
        String(JSON.stringify(error.body)).includes('resource_already_exists_exception')
      )
        return;
      throw error;
    }
  }
}
