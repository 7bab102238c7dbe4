// What each service's RabbitMQ user may do: the one definition used by infra (local runs and
// tests, through rabbitmqctl) and by docker-compose's rabbitmq-users step (through the management
// API). Plain JavaScript so the compose step runs it in node:20-slim as it is.

/** The services that publish or consume integration events, each with a broker user of its own. */
export const BROKER_SERVICES = ['auth', 'jobs', 'user-activity', 'analytics'];

/** Default topic exchange of integration events (packages/event-bus). */
const EXCHANGE = 'b2g\\.events';

/**
 * Permission patterns of a service's user: declare the shared exchange, the retry exchanges and
 * queues, its own queues (`<service>.events`, `.dlq`) and server-named per-instance queues;
 * publish to those exchanges and through the default exchange (its dead letters); consume only its
 * own queues. It cannot read another service's queue, and the broker stamps what it publishes
 * with its own `user_id`, which consumers check.
 * @param {string} service
 * @returns {{ configure: string, write: string, read: string }}
 */
export function brokerPermissions(service) {
  const own = `${service.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}\\.events(\\.dlq)?`;
  const shared = `${own}|amq\\.gen-.*|${EXCHANGE}(\\.retry\\.\\d+)?`;
  return {
    configure: `^(${shared})$`,
    write: `^(${shared}|amq\\.default)$`,
    read: `^(${shared})$`,
  };
}
