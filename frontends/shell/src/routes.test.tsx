import { JOBS_PAGE_LIMIT_DEFAULT } from '@b2g/contracts';
import { createQueryClient } from '@b2g/web-platform';
import { fakeNetworkPerTest } from '@b2g/web-platform/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteLoader } from './federation/RemoteBoundary.js';
import {
  REMOTE_UNAVAILABLE_TEXT,
  RemoteUnavailableFallback,
} from './federation/RemoteUnavailable.js';
import { startFirstPage, startFirstReads } from './routes.js';
import { renderShell } from './test/render.js';

const network = fakeNetworkPerTest();
beforeEach(() => {
  network.on('GET', '/api/jobs/featured', { json: {} });
  // The footer's admin link (the shell renders it on every page).
  network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: false } });
});

describe('startFirstReads', () => {
  const JOB_ID = '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed';
  const urlsRead = () => network.requests.map(({ url }) => url);

  it.each([
    ['/', '', ['/api/jobs/featured']],
    ['/jobs', '', [`/api/jobs?limit=${JOBS_PAGE_LIMIT_DEFAULT}`, '/api/jobs/facets']],
    [
      '/jobs',
      '?search=capture+manager&sector=all&remote=remote&sort=newest',
      [
        `/api/jobs?search=capture+manager&remote=remote&sort=newest&limit=${JOBS_PAGE_LIMIT_DEFAULT}`,
        '/api/jobs/facets?search=capture+manager&remote=remote',
      ],
    ],
    [`/jobs/${JOB_ID}`, '', [`/api/jobs/${JOB_ID}/page`]],
    ['/jobs/..%2F..%2Fadmin%2Fstatus', '', ['/api/jobs/..%2F..%2Fadmin%2Fstatus/page']],
  ])('when %s%s opens, then the reads its page makes first start', (pathname, search, urls) => {
    for (const url of urls) network.on('GET', url, { json: {} });
    startFirstReads({ pathname, search });

    expect(urlsRead()).toEqual(urls);
  });

  it('when the page then reads the same URL, then it takes the answer, not a second request', async () => {
    startFirstReads({ pathname: '/', search: '' });
    const queryClient = createQueryClient();

    await expect(queryClient.fetchQuery({ queryKey: ['/api/jobs/featured'] })).resolves.toEqual({});
    expect(urlsRead()).toEqual(['/api/jobs/featured']);
  });

  it.each(['/pricing', '/no/such/page'])(
    'when %s declares no first read, then nothing is requested',
    (pathname) => {
      startFirstReads({ pathname, search: '?search=x' });

      expect(network.requests).toHaveLength(0);
    },
  );
});

describe('startFirstPage', () => {
  const homePage: RemoteLoader = async (remote, module) => ({
    default: () => <h1>{`${remote} ${module}`}</h1>,
  });

  it.each([
    ['/', 'public', './HomePage'],
    ['/jobs/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', 'public', './JobPage'],
    ['/profile', 'dashboard', './ProfilePage'],
  ])('when %s opens, then the module that renders it is loaded', async (path, remote, module) => {
    const load = vi.fn<RemoteLoader>(homePage);
    await startFirstPage(path, load);

    expect(load.mock.calls).toEqual([[remote, module]]);
  });

  it('when no remote renders the page, then nothing is loaded', async () => {
    const load = vi.fn<RemoteLoader>(homePage);
    await startFirstPage('/no/such/page', load);

    expect(load).not.toHaveBeenCalled();
  });

  it('when the module fails to load, then it still settles, leaving the failure to the page', async () => {
    const load = vi.fn<RemoteLoader>(() => Promise.reject(new Error('remote down')));

    await expect(startFirstPage('/', load)).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the page renders after it, then the page shows at once, without the loading state', async () => {
    const load = vi.fn<RemoteLoader>(homePage);
    await startFirstPage('/', load);
    renderShell('/', load);

    // getBy, not findBy: the page is there in the first render.
    expect(screen.getByRole('heading', { name: 'public ./HomePage' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('a first page loaded ahead while its remote was down', () => {
  it('when Retry is pressed, then the module is loaded afresh', async () => {
    const user = userEvent.setup();
    let calls = 0;
    // The federation runtime answers a remote that fails with its unavailable view (see runtime.ts).
    const load: RemoteLoader = async (remote, module) => {
      calls += 1;
      if (calls === 1) return { default: RemoteUnavailableFallback };
      return { default: () => <h1>{`${remote} ${module}`}</h1> };
    };
    await startFirstPage('/', load);
    renderShell('/', load);

    expect(screen.getByText(REMOTE_UNAVAILABLE_TEXT)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    // The unavailable view loaded ahead is not shown again: the page's module comes afresh.
    expect(await screen.findByRole('heading', { name: 'public ./HomePage' })).toBeInTheDocument();
    expect(screen.queryByText(REMOTE_UNAVAILABLE_TEXT)).not.toBeInTheDocument();
  });
});
