import http, { type ClientRequestArgs } from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';
import {
  REMOTE_NAMES,
  UPSTREAM_NAMES,
  type GatewayConfig,
  type RemoteName,
  type UpstreamName,
} from './config.js';

/** How long an instance that refused a connection is passed over before it is tried again. */
export const INSTANCE_COOLDOWN_MS = 2_000;

/** One instance of a service: one of the base URLs of its variable (e.g. JOBS_URL). */
export interface UpstreamInstance {
  readonly url: URL;
  /** Where http-proxy sends a request for this instance (its target, parsed once). */
  readonly target: {
    protocol: string;
    host: string;
    hostname: string;
    port: string;
    path: string;
  };
  /** Requests sent to it whose answer has not ended. */
  outstanding: number;
  /** Until when (Date.now()) it is passed over; 0 while it takes connections. */
  downUntil: number;
}

/** Keep-alive settings of every upstream connection pool. */
export const AGENT_OPTIONS = { keepAlive: true, keepAliveMsecs: 1_000, noDelay: true } as const;

/** host:port as an http.Agent sees it (no brackets around an IPv6 address, the port spelled out). */
function connectionKey(hostname: string, port: string | number): string {
  return `${hostname.replace(/^\[(.*)\]$/, '$1')}:${port}`;
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

function instanceOf(url: URL): UpstreamInstance {
  return {
    url,
    target: {
      protocol: url.protocol,
      host: url.host,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: defaultPort(url),
      path: url.pathname + url.search,
    },
    outstanding: 0,
    downUntil: 0,
  };
}

/**
 * The instances of one service, with a keep-alive agent of their own that never hands a request a
 * connection to an instance that refused it. Requests are balanced by the fewest outstanding
 * (in turn among equals). An instance whose connection fails is passed over for
 * INSTANCE_COOLDOWN_MS, then tried again; the agent moves a connection that fails on to the next
 * instance before any byte of the request is written, so no request (of any method) is lost to a
 * stopped instance while another one takes connections.
 */
export class UpstreamPool {
  readonly instances: readonly UpstreamInstance[];
  readonly agent: http.Agent;
  private readonly byKey: Map<string, UpstreamInstance>;
  /** Where the search for the least busy instance starts next (round robin among equals). */
  private cursor = 0;
  /** Sockets connected to another instance than the request asked for: never kept alive. */
  private readonly substitutes = new WeakSet<Duplex>();

  constructor(
    readonly name: string,
    urls: readonly URL[],
    private readonly cooldownMs = INSTANCE_COOLDOWN_MS,
  ) {
    this.instances = urls.map(instanceOf);
    this.byKey = new Map(
      this.instances.map((instance) => [
        connectionKey(instance.target.hostname, instance.target.port),
        instance,
      ]),
    );
    const https_ = urls[0]?.protocol === 'https:';
    this.agent = https_ ? new https.Agent(AGENT_OPTIONS) : new http.Agent(AGENT_OPTIONS);
    const connect = this.agent.createConnection.bind(this.agent);
    const keepSocketAlive = this.agent.keepSocketAlive.bind(this.agent);
    this.agent.createConnection = (options, callback) => {
      this.connectToFirstTaker(options, connect, callback!);
      return undefined;
    };
    this.agent.keepSocketAlive = (socket) =>
      this.substitutes.has(socket) ? false : keepSocketAlive(socket);
  }

  isDown(instance: UpstreamInstance, now = Date.now()): boolean {
    return instance.downUntil > now;
  }

  /**
   * The instance for a request: of those not passed over (and not in `tried`), the one with the
   * fewest requests outstanding; when every one is passed over, the one passed over first (its
   * cooldown ends soonest). Undefined only when every instance is in `tried`.
   */
  pick(tried?: ReadonlySet<UpstreamInstance>): UpstreamInstance | undefined {
    const now = Date.now();
    const count = this.instances.length;
    let best: UpstreamInstance | undefined;
    let fallback: UpstreamInstance | undefined;
    for (let step = 0; step < count; step++) {
      const instance = this.instances[(this.cursor + step) % count]!;
      if (tried?.has(instance)) continue;
      if (this.isDown(instance, now)) {
        if (fallback === undefined || instance.downUntil < fallback.downUntil) fallback = instance;
      } else if (best === undefined || instance.outstanding < best.outstanding) {
        best = instance;
      }
    }
    this.cursor = (this.cursor + 1) % count;
    return best ?? fallback;
  }

  markDown(instance: UpstreamInstance): void {
    instance.downUntil = Date.now() + this.cooldownMs;
  }

  /** The instance asked for first; then those taking connections; then those passed over. */
  private candidates(options: ClientRequestArgs): UpstreamInstance[] {
    const asked = this.byKey.get(connectionKey(String(options.host), String(options.port)));
    const now = Date.now();
    const others = this.instances.filter((instance) => instance !== asked);
    return [
      ...(asked ? [asked] : []),
      ...others.filter((instance) => !this.isDown(instance, now)),
      ...others.filter((instance) => this.isDown(instance, now)),
    ];
  }

  private connectToFirstTaker(
    options: ClientRequestArgs,
    connect: (options: ClientRequestArgs) => Duplex | null | undefined,
    callback: (err: Error | null, socket: Duplex) => void,
  ): void {
    const candidates = this.candidates(options);
    const attempt = (index: number, lastError?: Error) => {
      const instance = candidates[index];
      if (instance === undefined) {
        callback(lastError ?? new Error(`no instance of ${this.name}`), undefined as never);
        return;
      }
      const socket = connect(
        index === 0
          ? options
          : { ...options, host: instance.target.hostname, port: Number(instance.target.port) },
      );
      if (socket === null || socket === undefined) {
        attempt(index + 1, lastError);
        return;
      }
      const connected = socket instanceof TLSSocket ? 'secureConnect' : 'connect';
      const failed = (err: Error) => {
        socket.off(connected, succeeded);
        socket.destroy();
        this.markDown(instance);
        attempt(index + 1, err);
      };
      const succeeded = () => {
        socket.off('error', failed);
        instance.downUntil = 0;
        if (index > 0) this.substitutes.add(socket);
        callback(null, socket);
      };
      socket.once(connected, succeeded);
      socket.once('error', failed);
    };
    attempt(0);
  }

  destroy(): void {
    this.agent.destroy();
  }
}

/** Every upstream the gateway proxies to, each with its own pool; made at start. */
export interface UpstreamPools {
  services: Record<UpstreamName, UpstreamPool>;
  /** The remotes served from an upstream URL (MFE_<REMOTE>_URL). */
  remotes: Partial<Record<RemoteName, UpstreamPool>>;
  /** Closes every idle upstream connection (at shutdown). */
  destroy(): void;
}

export function createUpstreamPools(config: GatewayConfig): UpstreamPools {
  const services = Object.fromEntries(
    UPSTREAM_NAMES.map((name) => [name, new UpstreamPool(name, config.upstreams[name])]),
  ) as Record<UpstreamName, UpstreamPool>;
  const remotes: Partial<Record<RemoteName, UpstreamPool>> = {};
  for (const remote of REMOTE_NAMES) {
    const { location } = config.remotes[remote];
    if (location.kind === 'url')
      remotes[remote] = new UpstreamPool(`mfe-${remote}`, [location.url]);
  }
  return {
    services,
    remotes,
    destroy() {
      for (const pool of [...Object.values(services), ...Object.values(remotes)]) pool.destroy();
    },
  };
}
