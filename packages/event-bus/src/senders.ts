import type { ConsumeMessage } from 'amqplib';
import { EVENT_PUBLISHERS, type IntegrationEvent } from '@b2g/contracts';
import { HEADERS } from './topology.js';

/**
 * Who publishes: the broker user of this connection (every message published carries it as
 * `user_id`) and, with a broker user per service (`<namespace><service>`, e.g. `jobs` or
 * `b2g_jobs`), the namespace the other services' users share; undefined with one user shared by
 * all services.
 */
export class BrokerIdentity {
  readonly user: string;
  readonly namespace: string | undefined;

  constructor(url: string, service: string) {
    this.user = decodeURIComponent(new URL(url).username) || 'guest';
    this.namespace = this.user.endsWith(service) ? this.user.slice(0, -service.length) : undefined;
  }

  /**
   * Why `event` must not be believed, if it must not: it names another publisher than the one its
   * type may come from, or (with a broker user per service) the broker says another service's
   * user published it. RabbitMQ refuses a `user_id` other than the connection's user, so a
   * service cannot claim another's user the way it can claim another's `source`.
   */
  forgeryOf(event: IntegrationEvent, message: ConsumeMessage): string | undefined {
    const publisher = EVENT_PUBLISHERS[event.type];
    if (event.source !== publisher)
      return `forged event: ${event.type} may come only from ${publisher}, not ${event.source}`;
    if (this.namespace === undefined) return undefined;
    const expected = `${this.namespace}${publisher}`;
    const sender = this.publisherUserOf(message);
    return sender === expected
      ? undefined
      : `forged event: ${event.type} may come only from broker user ${expected}, not ${sender ?? 'an unnamed user'}`;
  }

  /** The broker user that published the original of `message` (see HEADERS.publisherUser). */
  publisherUserOf(message: ConsumeMessage): string | undefined {
    // amqplib types both as any: only strings are believed.
    const userId: unknown = message.properties.userId;
    const relayed: unknown = message.properties.headers?.[HEADERS.publisherUser];
    const sender = typeof userId === 'string' ? userId : undefined;
    return sender === this.user && typeof relayed === 'string' ? relayed : sender;
  }
}
