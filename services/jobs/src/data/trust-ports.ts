import type { Client } from '@opensearch-project/opensearch';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { TrustPorts } from '../domain/ports.js';
import { OpenSearchNearPosts } from './trust-near-posts.js';
import { MongoPostVolume, MongoUsedProofs } from './trust-stores.js';

export interface TrustPortsOptions {
  connection: Connection;
  search: Client;
  /** The jobs search alias; the rejected posts' index is `<alias>-rejected-posts`. */
  alias: string;
  logger: Logger;
  /** Each near-duplicate look-up's bound in ms (default 2,000). */
  withinMs?: number;
  now?: () => Date;
}

/** The trust assessment's data adapters: OpenSearch for near-duplicates, MongoDB for counts. */
export function createTrustPorts(options: TrustPortsOptions): TrustPorts {
  return {
    nearPosts: new OpenSearchNearPosts({
      client: options.search,
      alias: options.alias,
      rejectedIndex: `${options.alias}-rejected-posts`,
      logger: options.logger,
      ...(options.withinMs !== undefined && { withinMs: options.withinMs }),
    }),
    volume: new MongoPostVolume(options.connection, options.now),
    usedProofs: new MongoUsedProofs(options.connection, options.now),
  };
}
