import { createQueryClient } from '@b2g/web-platform';
import { fakeNetworkPerTest } from '@b2g/web-platform/testing';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { startFirstReads } from './routes.js';

const network = fakeNetworkPerTest();
beforeEach(() => {
  network.on('GET', '/api/jobs/featured', { json: {} });
});

describe('startFirstReads', () => {
  it('when the home page opens, then its featured read starts once, into the cache the page reads', async () => {
    const queryClient = createQueryClient();
    startFirstReads(queryClient, '/');

    await waitFor(() => expect(queryClient.getQueryData(['/api/jobs/featured'])).toEqual({}));
    expect(network.calls('GET', '/api/jobs/featured')).toHaveLength(1);
  });

  it('when a page declares no first read, then nothing is requested', async () => {
    const queryClient = createQueryClient();
    startFirstReads(queryClient, '/pricing');

    // A started read is in the cache at once (its fetch follows); there is none.
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(network.requests).toHaveLength(0);
  });
});
