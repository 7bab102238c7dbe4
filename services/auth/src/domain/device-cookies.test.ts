import { describe, expect, it } from 'vitest';
import { DeviceCookies } from './device-cookies.js';

const ACCOUNT = '0c5bde0e-7f6a-4a4e-9d7e-3e1f8a2b9c01';
const DAY_MS = 24 * 60 * 60 * 1000;

function cookies(key = 'k'.repeat(32)) {
  let now = Date.UTC(2030, 0, 1);
  const devices = new DeviceCookies({ key, ttlMs: 30 * DAY_MS, now: () => now });
  return { devices, advance: (ms: number) => (now += ms) };
}

describe('device cookies', () => {
  it('when a cookie was issued for the account, then it names one device, another issue another', () => {
    const { devices } = cookies();
    const first = devices.issue(ACCOUNT);
    const device = devices.deviceOf(first.value, ACCOUNT);
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(devices.deviceOf(devices.issue(ACCOUNT).value, ACCOUNT)).not.toBe(device);
  });

  it('when the cookie has expired, then the device is unknown', () => {
    const { devices, advance } = cookies();
    const { value, expires } = devices.issue(ACCOUNT);
    advance(30 * DAY_MS - 1);
    expect(devices.deviceOf(value, ACCOUNT)).toBeDefined();
    advance(1);
    expect(devices.deviceOf(value, ACCOUNT)).toBeUndefined();
    expect(expires.getTime()).toBe(Date.UTC(2030, 0, 31));
  });

  it('when signed with another key, malformed or missing, then the device is unknown', () => {
    const { devices } = cookies();
    const foreign = cookies('x'.repeat(32)).devices.issue(ACCOUNT).value;
    for (const value of [foreign, 'a.b.c', `${ACCOUNT}...`, '', undefined])
      expect(devices.deviceOf(value, ACCOUNT)).toBeUndefined();
  });
});
