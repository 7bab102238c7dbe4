import amqp from 'amqplib';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabases, dropSearchIndices } from '../src/index.js';
import { testAmqpUrl, testMongoUrl, uniqueName } from '../src/test-env.js';

describe('provided infrastructure', () => {
  const connection = mongoose.createConnection(testMongoUrl('infra'));

  afterAll(async () => {
    await connection.dropDatabase();
    await connection.close();
  });

  it('when a document repeats a unique key, then the server refuses it with E11000', async () => {
    const Account = connection.model(
      'Account',
      new mongoose.Schema({ email: { type: String, required: true, unique: true } }),
    );
    await Account.init();
    await Account.create({ email: 'a@example.gov' });
    await expect(Account.create({ email: 'a@example.gov' })).rejects.toMatchObject({ code: 11000 });
    expect(await Account.countDocuments()).toBe(1);
  });

  it('when a filter sets the leading field of an index, then the server reads through that index and still applies the whole filter', async () => {
    const Item = connection.model(
      'Item',
      new mongoose.Schema({ userId: String, at: Number, kind: String }).index({
        userId: 1,
        at: -1,
      }),
    );
    await Item.init();
    await Item.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        userId: `user-${i % 30}`,
        at: i,
        kind: i % 2 ? 'odd' : 'even',
      })),
    );
    await Item.create({ userId: 'say "hi"', at: 1, kind: 'odd' });

    const query = { userId: 'user-7', kind: 'odd' };
    const found = await Item.find(query).sort({ at: -1 }).lean();
    expect(found.map((item) => item.at)).toEqual([277, 247, 217, 187, 157, 127, 97, 67, 37, 7]);
    expect(await Item.countDocuments({ userId: 'say "hi"' })).toBe(1);
    // FerretDB reports its SQLite plan and whether the filter was pushed down; MongoDB its stages.
    const plan = JSON.stringify(await Item.find(query).explain());
    expect(plan).toMatch(/^(?=.*"filterPushdown":true)(?=.*USING INDEX)|IXSCAN/s);
  });

  it('when a message is published on a confirm channel, then a consumer receives and acks it', async () => {
    const conn = await amqp.connect(testAmqpUrl());
    try {
      const publisher = await conn.createConfirmChannel();
      const consumer = await conn.createChannel();
      const queue = uniqueName('smoke');
      await consumer.assertQueue(queue, { exclusive: true, autoDelete: true });
      const received = new Promise<string>((resolve) => {
        void consumer.consume(queue, (message) => {
          if (!message) return;
          consumer.ack(message);
          resolve(message.content.toString());
        });
      });
      publisher.sendToQueue(queue, Buffer.from('hello'), { persistent: true });
      await publisher.waitForConfirms();
      expect(await received).toBe('hello');
    } finally {
      await conn.close();
    }
  });
});

describe('provided OpenSearch', () => {
  const url = process.env.OPENSEARCH_URL ?? '';
  const call = async (path: string, init: { method: string; body?: unknown }) => {
    const response = await fetch(`${url}${path}`, {
      method: init.method,
      headers: { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('when text is analysed in English, then the analysis-common module stems it', async () => {
    const { body } = await call('/_analyze', {
      method: 'POST',
      body: { analyzer: 'english', text: 'Managers' },
    });
    expect(body.tokens).toEqual([expect.objectContaining({ token: 'manag' })]);
  });

  it('when an index declares a percolator field, then the percolator module accepts it', async () => {
    const index = uniqueName('infra_percolator');
    try {
      const created = await call(`/${index}`, {
        method: 'PUT',
        body: {
          mappings: { properties: { query: { type: 'percolator' }, title: { type: 'text' } } },
        },
      });
      expect(created.status).toBe(200);
    } finally {
      await call(`/${index}`, { method: 'DELETE' });
    }
  });
});

describe('dropSearchIndices', () => {
  it("when a run's prefix is given, then its indices are deleted and the others kept", async () => {
    const url = process.env.OPENSEARCH_URL ?? '';
    const prefix = `${uniqueName('drop')}_`;
    const names = [`${prefix}jobs-1`, `${prefix}jobs-2`, uniqueName('keep')];
    for (const name of names) {
      const created = await fetch(`${url}/${name}`, { method: 'PUT' });
      expect(created.status).toBe(200);
    }
    try {
      expect((await dropSearchIndices(url, prefix)).sort()).toEqual(names.slice(0, 2));
      const statuses = await Promise.all(
        names.map(async (name) => (await fetch(`${url}/${name}`, { method: 'HEAD' })).status),
      );
      expect(statuses).toEqual([404, 404, 200]);
    } finally {
      await fetch(`${url}/${names[2]}`, { method: 'DELETE' });
    }
  });
});

describe('dropDatabases', () => {
  it("when a run's prefix is given, then its databases are dropped and the others kept", async () => {
    const prefix = `${uniqueName('drop')}_`;
    const server = new URL(testMongoUrl());
    const at = (name: string) =>
      Object.assign(new URL(server), { pathname: `/${name}` }).toString();
    const names = [`${prefix}auth`, `${prefix}jobs`, `${uniqueName('keep')}`];
    const connections = names.map((name) => mongoose.createConnection(at(name)));
    try {
      for (const connection of connections) {
        await connection.collection('things').insertOne({ made: true });
      }

      expect((await dropDatabases(server.toString(), prefix)).sort()).toEqual(names.slice(0, 2));

      const admin = connections[2]?.db?.admin();
      const left = (await admin?.listDatabases({ nameOnly: true }))?.databases.map((d) => d.name);
      expect(left).toContain(names[2]);
      expect(left).not.toContain(names[0]);
      expect(left).not.toContain(names[1]);
    } finally {
      await connections[2]?.dropDatabase();
      await Promise.all(connections.map((connection) => connection.close()));
    }
  });
});
