import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The least a Node proxy can do: one keep-alive request to the upstream per request, piped both
 * ways, nothing else. It shows what one extra Node hop costs on this machine, so the gateway's
 * figures can be read against it.
 */
const upstream = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:4002');
const agent = new Agent({ keepAlive: true });
const server = createServer((req, res) => {
  const proxied = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent,
    },
    (upstreamRes) => {
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
      upstreamRes.pipe(res);
    },
  );
  proxied.on('error', () => res.destroy());
  req.pipe(proxied);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
