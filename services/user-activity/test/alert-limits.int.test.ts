import type { Express } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { harnessForFile } from './helpers.js';

const HOUR_MS = 60 * 60 * 1000;
let offsetMs = 0;
const h = harnessForFile({
  subscribeRateLimit: 3,
  clock: () => new Date(Date.now() + offsetMs),
});

let sequence = 0;
function subscribe(app: Express, address: string) {
  sequence += 1;
  return request(app)
    .post('/api/alerts/subscribe')
    .set('X-Forwarded-For', address)
    .send({
      email: `guest-${sequence}-${Date.now()}@example.com`,
      query: { search: 'capture' },
      frequency: 'instant',
    });
}

describe('guest alert sign-up limit', () => {
  it('when sign-ups from one address alternate between two instances, then they share one budget per window', async () => {
    const apps = [h.app, h.anotherApp()];
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await subscribe(apps[i % 2]!, '203.0.113.50')).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);

    const refused = await subscribe(apps[0]!, '203.0.113.50');
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many alert sign-ups, please try again later',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await subscribe(apps[1]!, '203.0.113.51')).status).toBe(202);

    offsetMs += HOUR_MS;
    expect((await subscribe(apps[1]!, '203.0.113.50')).status).toBe(202);
  });
});
