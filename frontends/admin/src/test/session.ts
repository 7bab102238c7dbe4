import type { FakeNetwork } from '@b2g/web-platform/testing';

/**
 * The admin session as the network shows it: GET /api/admin/status answers whether the admin is
 * signed in, and `POST path` (login or logout) flips that and answers `message`.
 */
export function serveAdminSession(
  network: FakeNetwork,
  { signedIn, path, message }: { signedIn: boolean; path: string; message: string },
) {
  let admin = signedIn;
  network.on('GET', '/api/admin/status', () => ({
    json: { isAdmin: admin, hasAdminPassword: true },
  }));
  network.on('POST', path, () => {
    admin = !admin;
    return { json: { success: true, message } };
  });
}
