import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The smallest service there is: every request gets the same short JSON answer. */
const body = JSON.stringify({ ok: true });
const server = createServer((_req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
