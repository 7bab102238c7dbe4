import { EventBus } from '@b2g/event-bus';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { authForFile } from './support.js';

const auth = authForFile();

describe('health', () => {
  it('when MongoDB and RabbitMQ are connected, then /readyz is ready', async () => {
    const res = await request(auth.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ready',
      service: 'auth',
      checks: { mongodb: 'up', rabbitmq: 'up' },
    });
    expect((await request(auth.app).get('/healthz')).status).toBe(200);
  });

  it('when the bus has lost RabbitMQ, then /readyz is 503 and names it', async () => {
    // A bus that is not connected to RabbitMQ (never started).
    const disconnected = new EventBus({
      url: auth.config.AMQP_URL,
      service: 'auth',
      logger: pino({ level: 'silent' }),
    });
    const app = auth.anotherApp({}, { bus: disconnected });
    const res = await request(app).get('/readyz');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ mongodb: 'up', rabbitmq: 'down' });
  });
});
