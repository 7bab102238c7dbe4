import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { BROKER_SERVICES, brokerPermissions } from '../compose/broker-permissions.mjs';

const run = promisify(execFile);

export interface BrokerUsers {
  /** Each service's AMQP URL: the given URL with the service's own user and password. */
  urls: Record<string, string>;
  /** Deletes the users. */
  remove(): Promise<void>;
}

/**
 * Creates (or resets) one RabbitMQ user per service of BROKER_SERVICES, named `<namespace><service>`, with a fresh
 * random password and `brokerPermissions` (infra/compose/broker-permissions.mjs) on the URL's virtual host, through the local broker's
 * `rabbitmqctl` (one definitions import; passwords travel pre-hashed on stdin, never as command
 * arguments). A namespace per system (its database prefix) keeps concurrent systems on one broker
 * from resetting each other's passwords.
 */
export async function provisionBrokerUsers(
  amqpUrl: string,
  namespace: string,
  brokerNode?: string,
): Promise<BrokerUsers> {
  const node = rabbitmqctlNode(brokerNode);
  const base = new URL(amqpUrl);
  const vhost = decodeURIComponent(base.pathname.slice(1)) || '/';
  const accounts = BROKER_SERVICES.map((service) => ({
    service,
    user: `${namespace}${service}`,
    password: randomBytes(24).toString('base64url'),
  }));
  const definitions = {
    users: accounts.map(({ user, password }) => ({
      name: user,
      password_hash: rabbitPasswordHash(password),
      hashing_algorithm: 'rabbit_password_hashing_sha256',
      tags: [],
    })),
    permissions: accounts.map(({ service, user }) => ({
      user,
      vhost,
      ...brokerPermissions(service),
    })),
  };
  await importDefinitions(JSON.stringify(definitions), node);
  await waitForPermissions(
    node,
    vhost,
    accounts.map(({ user }) => user),
  );
  const urls = Object.fromEntries(
    accounts.map(({ service, user, password }) => {
      const url = new URL(base);
      url.username = encodeURIComponent(user);
      url.password = encodeURIComponent(password);
      return [service, url.toString()];
    }),
  );
  return {
    urls,
    remove: async () => {
      for (const { user } of accounts) await run('rabbitmqctl', [...node, 'delete_user', user]);
    },
  };
}

/** RabbitMQ's `rabbit_password_hashing_sha256`: base64(salt ‖ SHA-256(salt ‖ password)). */
function rabbitPasswordHash(password: string): string {
  const salt = randomBytes(4);
  const digest = createHash('sha256')
    .update(Buffer.concat([salt, Buffer.from(password, 'utf8')]))
    .digest();
  return Buffer.concat([salt, digest]).toString('base64');
}

/** `rabbitmqctl`'s arguments that address `brokerNode` (none: the local default node). */
export function rabbitmqctlNode(brokerNode: string | undefined): string[] {
  return brokerNode ? ['-n', brokerNode] : [];
}

function importDefinitions(json: string, node: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('rabbitmqctl', [...node, 'import_definitions', '--format=json'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`rabbitmqctl import_definitions failed (${code}): ${stderr.trim()}`)),
    );
    child.stdin.end(json);
  });
}

/** The import is asynchronous: waits until every user holds its permissions on `vhost`. */
async function waitForPermissions(node: string[], vhost: string, users: string[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { stdout } = await run('rabbitmqctl', [
      ...node,
      'list_permissions',
      '-p',
      vhost,
      '--formatter',
      'json',
      '--quiet',
    ]);
    const granted = new Set((JSON.parse(stdout) as Array<{ user: string }>).map((p) => p.user));
    if (users.every((user) => granted.has(user))) return;
    if (Date.now() > deadline)
      throw new Error(`RabbitMQ users ${users.join(', ')} not created within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
