import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export interface DeviceCookiesOptions {
  /** The HMAC key every instance shares. */
  key: string | Buffer;
  /** How long a device stays known after its sign-in. */
  ttlMs: number;
  now: () => number;
}

/**
 * OWASP's device cookies: after a successful sign-in the browser gets `<account>.<device>.<issued>`
 * with an HMAC of it, so a later attempt on that account from that browser is known to come from
 * a device that signed in there before. A forged, expired or other account's cookie is unknown.
 */
export class DeviceCookies {
  constructor(private readonly options: DeviceCookiesOptions) {}

  /** A new device cookie's value for `accountId`, and when it expires. */
  issue(accountId: string): { value: string; expires: Date } {
    const issuedAt = this.options.now();
    const payload = `${accountId}.${randomUUID()}.${issuedAt.toString(36)}`;
    return {
      value: `${payload}.${this.mac(payload)}`,
      expires: new Date(issuedAt + this.options.ttlMs),
    };
  }

  /** The device's id when `value` is a live cookie this service signed for `accountId`. */
  deviceOf(value: string | undefined, accountId: string): string | undefined {
    const parts = value?.split('.');
    if (parts?.length !== 4) return undefined;
    const [account, device, issued, mac] = parts as [string, string, string, string];
    const expected = Buffer.from(this.mac(`${account}.${device}.${issued}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const issuedAt = Number.parseInt(issued, 36);
    if (account !== accountId || !(issuedAt + this.options.ttlMs > this.options.now()))
      return undefined;
    return device;
  }

  private mac(payload: string) {
    return createHmac('sha256', this.options.key).update(payload).digest('base64url');
  }
}
