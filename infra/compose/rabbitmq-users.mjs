// One-shot step of docker-compose.yml after RabbitMQ is healthy and before the services start:
// creates (or resets) one RabbitMQ user per service with its password from .env and the
// permissions of broker-permissions.mjs, through the management API with the administrator
// from .env. Consumers believe the broker's user_id about who published an event, so a
// compromised service cannot forge another's. Plain Node, no dependencies.
import { BROKER_SERVICES, brokerPermissions } from './broker-permissions.mjs';

const api = process.env.RABBITMQ_API ?? 'http://rabbitmq:15672/api';
const admin = `${process.env.RABBITMQ_USER}:${process.env.RABBITMQ_PASSWORD}`;
const authorization = `Basic ${Buffer.from(admin).toString('base64')}`;
const vhost = encodeURIComponent(process.env.RABBITMQ_VHOST ?? '/');

/** The password variable of a service: RABBITMQ_AUTH_PASSWORD, RABBITMQ_USER_ACTIVITY_PASSWORD, … */
const passwordOf = (service) => {
  const name = `RABBITMQ_${service.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

async function put(path, body) {
  // The management plugin answers a little after the broker's own health check: retry for a minute.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const response = await fetch(`${api}${path}`, {
        method: 'PUT',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.ok) return;
      throw new Error(`${path}: HTTP ${response.status}`);
    } catch (error) {
      if (attempt >= 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

for (const service of BROKER_SERVICES) {
  await put(`/users/${encodeURIComponent(service)}`, { password: passwordOf(service), tags: '' });
  await put(`/permissions/${vhost}/${encodeURIComponent(service)}`, brokerPermissions(service));
  process.stdout.write(`rabbitmq-users: ${service} ready\n`);
}
