import { createServer, connect, type Server, type Socket } from 'node:net';
import amqp, { type Channel } from 'amqplib';
import { topologyNames } from './topology.js';

/**
 * A TCP proxy on loopback in front of a shared server (RabbitMQ, OpenSearch): stopping it makes
 * the server unreachable (and drops live connections) for the clients behind it only, without
 * disturbing other test files.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(private readonly target: URL) {}

  /** The target's URL through the proxy (its port is kept across stop/start). */
  get url(): string {
    const url = new URL(this.target);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5672), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Cuts every connection at once, as a broker crash or a network failure would. */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Refuses new connections and cuts the live ones. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.dropConnections();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Deletes what buses of `services` declared for `exchange` (their queues and dead-letter queues,
 * the retry queues and exchanges of `retryDelaysMs`, the exchange): durable ones outlive the
 * test or bench that made them.
 */
export async function deleteTopology(
  channel: Pick<Channel, 'deleteQueue' | 'deleteExchange'>,
  exchange: string,
  services: readonly string[],
  retryDelaysMs: readonly number[],
): Promise<void> {
  for (const service of services) {
    await channel.deleteQueue(topologyNames.serviceQueue(service));
    await channel.deleteQueue(topologyNames.deadLetterQueue(service));
  }
  for (const delayMs of retryDelaysMs) {
    await channel.deleteQueue(topologyNames.retry(exchange, delayMs));
    await channel.deleteExchange(topologyNames.retry(exchange, delayMs));
  }
  await channel.deleteExchange(exchange);
}

/** Does what deleteTopology does on a connection of its own to the broker at `url`. */
export async function deleteTopologyAt(
  url: string,
  exchange: string,
  services: readonly string[],
  retryDelaysMs: readonly number[],
): Promise<void> {
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createChannel();
    await deleteTopology(channel, exchange, services, retryDelaysMs);
    await channel.close();
  } finally {
    await connection.close();
  }
}
