import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  apiFetch,
  apiRequest,
  errorMessage,
  getQueryFn,
  queryKeyToPath,
  startEarlyRead,
} from './api.js';
import { fakeNetworkPerTest } from './testing.js';

const network = fakeNetworkPerTest();

function runQuery<T>(queryKey: unknown[], on401: 'returnNull' | 'throw') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery<T>({ queryKey, queryFn: getQueryFn<T>({ on401 }) });
}

describe('apiRequest', () => {
  it('when called, then it sends JSON content type, cookies and the JSON body', async () => {
    network.on('POST', '/api/auth/login', { json: { success: true } });
    await apiRequest('POST', '/api/auth/login', { emailOrUsername: 'jdoe', password: 'x' });
    const [request] = network.calls('POST', '/api/auth/login');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.credentials).toBe('include');
    expect(request?.body).toEqual({ emailOrUsername: 'jdoe', password: 'x' });
    expect(request?.headers.has('authorization')).toBe(false);
  });

  it('when a token is stored, then it is sent as a bearer Authorization header', async () => {
    window.localStorage.setItem('authToken', 'tok-123');
    network.on('GET', '/api/auth/verify', { json: { success: true } });
    await apiRequest('GET', '/api/auth/verify');
    expect(network.calls('GET', '/api/auth/verify')[0]?.headers.get('authorization')).toBe(
      'Bearer tok-123',
    );
  });

  it('when the answer is JSON, then it resolves with the parsed body', async () => {
    network.on('GET', '/api/admin/status', { json: { isAdmin: false, hasAdminPassword: true } });
    await expect(apiRequest('GET', '/api/admin/status')).resolves.toEqual({
      isAdmin: false,
      hasAdminPassword: true,
    });
  });

  it('when the answer is not JSON, then it resolves with the raw body text', async () => {
    network.on('GET', '/api/dns/check-email', {
      text: 'plain words',
      headers: { 'Content-Type': 'text/plain' },
    });
    await expect(apiRequest('GET', '/api/dns/check-email')).resolves.toBe('plain words');
  });

  it('when the answer is not OK, then the error reads "{status}: {body text}"', async () => {
    const body = JSON.stringify({
      error: { code: 'UNAUTHORIZED', message: 'Invalid email/username or password' },
    });
    network.on('POST', '/api/auth/login', {
      status: 401,
      text: body,
      headers: { 'Content-Type': 'application/json' },
    });
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow(`401: ${body}`);
  });

  it('when a non-OK answer has no body, then the error uses the status text', async () => {
    network.on('GET', '/api/jobs', { status: 503, text: '', statusText: 'Service Unavailable' });
    await expect(apiRequest('GET', '/api/jobs')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('startEarlyRead', () => {
  it('when a page then reads the same URL, then it takes the answer already asked for', async () => {
    window.localStorage.setItem('authToken', 'tok-early');
    network.on('GET', '/api/jobs', { json: [{ id: 'a' }] });
    startEarlyRead('/api/jobs?limit=50');
    startEarlyRead('/api/jobs?limit=50');
    const [request] = network.calls('GET', '/api/jobs');
    expect(request?.url).toBe('/api/jobs?limit=50');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('authorization')).toBe('Bearer tok-early');
    expect(request?.credentials).toBe('include');

    const res = await apiFetch('/api/jobs?limit=50');
    await expect(res.json()).resolves.toEqual([{ id: 'a' }]);
    await apiFetch('/api/jobs?limit=20');
    expect(network.calls('GET', '/api/jobs').map(({ url }) => url)).toEqual([
      '/api/jobs?limit=50',
      '/api/jobs?limit=20',
    ]);
  });

  it('when the URL is read again, or written to, then that is a request of its own', async () => {
    network.on('GET', '/api/jobs/featured', { json: [] });
    network.on('POST', '/api/jobs/featured', { json: {} });
    startEarlyRead('/api/jobs/featured');
    await apiFetch('/api/jobs/featured', { method: 'POST', body: '{}' });
    await apiFetch('/api/jobs/featured');
    await apiFetch('/api/jobs/featured');
    expect(network.calls('POST', '/api/jobs/featured')).toHaveLength(1);
    expect(network.calls('GET', '/api/jobs/featured')).toHaveLength(2);
  });

  it('when the early read fails, then the page reading it sees the failure', async () => {
    network.on('GET', '/api/jobs/facets', { status: 503, text: '', statusText: 'Unavailable' });
    startEarlyRead('/api/jobs/facets');
    await expect(apiRequest('GET', '/api/jobs/facets')).rejects.toThrow('503: Unavailable');
    expect(network.calls('GET', '/api/jobs/facets')).toHaveLength(1);
  });
});

describe('getQueryFn', () => {
  it('when the key has several parts, then it GETs them joined with "/" with cookies', async () => {
    network.on('GET', '/api/user/bookmarks', { json: [] });
    await runQuery(['/api/user', 'bookmarks'], 'throw');
    const [request] = network.calls('GET', '/api/user/bookmarks');
    expect(request?.url).toBe('/api/user/bookmarks');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('content-type')).toBe('application/json');
  });

  it('when configured to return null, then a 401 yields null', async () => {
    network.on('GET', '/api/user/stats', { status: 401, text: 'Unauthorized' });
    await expect(runQuery(['/api/user/stats'], 'returnNull')).resolves.toBeNull();
  });

  it('when configured to throw (the default), then a 401 is an error', async () => {
    network.on('GET', '/api/user/stats', { status: 401, text: 'Unauthorized' });
    await expect(runQuery(['/api/user/stats'], 'throw')).rejects.toThrow('401: Unauthorized');
  });

  it('when the answer is not JSON, then the query data is the raw text', async () => {
    network.on('GET', '/api/ping', { text: 'pong' });
    await expect(runQuery(['/api/ping'], 'throw')).resolves.toBe('pong');
  });
});

describe('queryKeyToPath', () => {
  it('joins text parts and turns a filters object into a query string without empty values', () => {
    expect(
      queryKeyToPath(['/api/jobs', { search: 'sales', sector: '', jobFunction: undefined }]),
    ).toBe('/api/jobs?search=sales');
    expect(queryKeyToPath(['/api/admin/jobs', 'abc'])).toBe('/api/admin/jobs/abc');
  });
});

describe('errorMessage', () => {
  it('when the server sent an error message, then it is shown, else the fallback', async () => {
    network.refuse('POST', '/a', 'VALIDATION_ERROR', 'Username is already taken');
    network.on('POST', '/b', { status: 500, text: 'boom' });
    const fromServer = await apiRequest('POST', '/a').catch((e: unknown) => e);
    const plain = await apiRequest('POST', '/b').catch((e: unknown) => e);
    expect(errorMessage(fromServer, 'Registration failed. Please try again.')).toBe(
      'Username is already taken',
    );
    expect(errorMessage(plain, 'Registration failed. Please try again.')).toBe(
      'Registration failed. Please try again.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
  });
});
