import { afterEach, describe, expect, it } from 'vitest';
import { installFakeNetwork, type FakeNetwork } from './testing.js';

let network: FakeNetwork | undefined;
afterEach(() => {
  // A test below leaves an unanswered request on purpose: put fetch back without failing.
  network?.unanswered.splice(0);
  network?.restore();
  network = undefined;
});

const read = async (url: string) => (await fetch(url)).json() as Promise<unknown>;

describe('the fake network', () => {
  it('when a request has no route, then it is rejected naming it, and restoring reports it', async () => {
    network = installFakeNetwork();
    await expect(fetch('/api/nowhere?page=2')).rejects.toThrow(
      'The fake network has no route for GET /api/nowhere?page=2',
    );
    expect(network.unanswered).toEqual(['GET /api/nowhere?page=2']);
    expect(() => network?.restore()).toThrow('had no route for GET /api/nowhere?page=2');
  });

  it('when a route gives a query, then it answers only that query, in any order, before the bare path', async () => {
    network = installFakeNetwork()
      .on('GET', '/api/jobs?sort=newest&limit=2', { json: 'query' })
      .on('GET', '/api/jobs', { json: 'bare' });
    expect(await read('/api/jobs?limit=2&sort=newest')).toBe('query');
    expect(await read('/api/jobs?limit=3&sort=newest')).toBe('bare');
    expect(await read('/api/jobs')).toBe('bare');
    expect(network.calls('GET', '/api/jobs?sort=newest&limit=2')).toHaveLength(1);
    expect(network.calls('GET', '/api/jobs')).toHaveLength(3);
  });

  it('when only a query route exists, then another query of the path is unanswered', async () => {
    network = installFakeNetwork().on('GET', '/api/jobs?limit=2', { json: [] });
    await expect(fetch('/api/jobs?limit=3')).rejects.toThrow('no route for GET /api/jobs?limit=3');
  });
});
