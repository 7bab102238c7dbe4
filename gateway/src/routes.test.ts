import { describe, expect, it } from 'vitest';
import { canonicalApiPath, resolveApiRoute } from './routes.js';

const timeouts = { defaultMs: 10_000, extractFromUrlMs: 30_000 };

describe('resolveApiRoute', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/auth/verify', 'auth'],
    ['/api/admin/status', 'auth'],
    ['/api/admin/login', 'auth'],
    ['/api/admin/logout', 'auth'],
    ['/api/jobs', 'jobs'],
    ['/api/jobs/featured', 'jobs'],
    ['/api/admin/jobs', 'jobs'],
    ['/api/admin/jobs/42/undelete', 'jobs'],
    ['/api/admin/jobs/42/approve', 'jobs'],
    ['/api/admin/bans', 'jobs'],
    ['/api/admin/bans/email_domain:spam.example', 'jobs'],
    ['/api/jobs/post-challenge', 'jobs'],
    ['/api/employer/sign-in-link', 'jobs'],
    ['/api/employer/jobs/42/close', 'jobs'],
    ['/api/companies/acme', 'jobs'],
    ['/api/admin/companies/acme/logo', 'jobs'],
    ['/api/employer/companies', 'jobs'],
    ['/api/user/bookmarks/7', 'user-activity'],
    ['/api/alerts/unsubscribe', 'user-activity'],
    ['/api/dns/check-email', 'dns'],
    ['/api/analytics/events', 'analytics'],
    ['/api/admin/stats', 'analytics'],
  ])('when the path is %s, then %s answers it', (path, upstream) => {
    expect(resolveApiRoute(path, timeouts)?.upstream).toBe(upstream);
  });

  it.each([
    '/api/jobsearch',
    '/api/admin/users',
    '/api/admin/statsx',
    '/api/admin/bansx',
    '/internal/analytics/jobs/1/stats',
    '/api/admin/status/extra',
    '/api',
    '/api/other',
  ])('when the path is %s, then no service owns it', (path) => {
    expect(resolveApiRoute(path, timeouts)).toBeUndefined();
  });

  it('when the path is the URL extraction, then it gets the longer timeout', () => {
    expect(resolveApiRoute('/api/jobs/extract-from-url', timeouts)?.timeoutMs).toBe(30_000);
    expect(resolveApiRoute('/api/jobs', timeouts)?.timeoutMs).toBe(10_000);
  });

  it('when the path is a company logo upload, however spelled, then it gets the logo body limit; other paths do not', () => {
    for (const path of [
      '/api/admin/companies/acme/logo',
      '/api/employer/companies/acme/logo',
      '/api/employer//companies/acme/Logo/',
    ])
      expect(resolveApiRoute(path, timeouts)?.bodyLimit?.maxBytes).toBe(2 * 1024 * 1024);
    for (const path of ['/api/admin/companies/acme', '/api/companies/acme/logo', '/api/jobs'])
      expect(resolveApiRoute(path, timeouts)?.bodyLimit).toBeUndefined();
  });

  it('when the URL extraction is spelled otherwise, then it still gets the longer timeout', () => {
    expect(resolveApiRoute('/api/jobs//Extract-From-Url/', timeouts)?.timeoutMs).toBe(30_000);
  });
});

describe('canonicalApiPath', () => {
  it.each([
    ['/api/auth/Login', '/api/auth/login'],
    ['/api/auth//login', '/api/auth/login'],
    ['/api//auth///LOGIN/', '/api/auth/login'],
    ['/api/jobs/', '/api/jobs'],
    ['/', '/'],
  ])('when the path is %s, then the services see %s', (path, canonical) => {
    expect(canonicalApiPath(path)).toBe(canonical);
  });
});
