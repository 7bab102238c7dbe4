import { describe, expect, it } from 'vitest';
import { startGateway } from './support.js';

describe('server', () => {
  it('when a request arrives, then it and its response are already built on the app prototypes', async () => {
    const gateway = await startGateway();
    const built: object[] = [];
    const handled: object[] = [];
    gateway.server.prependListener('request', (req, res) => {
      built.push(Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object);
      res.on('finish', () => {
        handled.push(Object.getPrototypeOf(req) as object, Object.getPrototypeOf(res) as object);
      });
    });
    try {
      expect((await fetch(`${gateway.url}/api/unknown`)).status).toBe(404);

      // express left both prototypes as they were: it found its own already in place.
      expect(handled).toHaveLength(2);
      expect(handled[0]).toBe(built[0]);
      expect(handled[1]).toBe(built[1]);
      expect(built[0]).toHaveProperty('get', expect.any(Function));
      expect(built[1]).toHaveProperty('json', expect.any(Function));
    } finally {
      await gateway.close();
    }
  });
});
