import { describe, expect, it } from 'vitest';
import {
  fetchHtmlPage,
  fetchJson,
  isPublicAddress,
  PageUnavailableError,
  PageUnreachableError,
  probePage,
  REFUSED_URL_MESSAGE,
  UrlRefusedError,
} from './safe-fetch.js';

describe('isPublicAddress', () => {
  it('when the address is on the public internet, then it is allowed', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('when the address is local, private, link-local, CGNAT, multicast, unspecified, reserved or metadata, then it is refused', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.1',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '169.254.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '::7f00:1',
      '::a00:1',
      'fec0::1',
      '64:ff9b:1::a00:1',
      '::ffff:0:7f00:1',
      '100::1',
      '2001::1',
      '2001:db8::1',
      '2001:2::1',
      '2001:20::1',
      '3fff::1',
      '5f00::1',
      '4000::1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('fetchHtmlPage URL checks', () => {
  const neverResolve = () => {
    throw new Error('resolved a name that should have been refused first');
  };

  it('when the scheme, credentials, port or address is refused, then one and the same error comes before any connection', async () => {
    for (const url of [
      'ftp://example.com/',
      'gopher://example.com/',
      'https://user:pw@example.com/',
      'https://user@example.com/',
      'http://example.com:8080/',
      'https://example.com:22/',
      'http://93.184.216.34:4001/',
      'http://[::7f00:1]:4001/',
      'http://[::7f00:1]/',
      'http://[fec0::1]/',
      'http://[64:ff9b:1::a00:1]/',
    ]) {
      const refusal = await fetchHtmlPage(url, { resolve: neverResolve }).catch(
        (error: unknown) => error,
      );
      expect(refusal, url).toBeInstanceOf(UrlRefusedError);
      expect((refusal as Error).message, url).toBe(REFUSED_URL_MESSAGE);
    }
  });

  it('when a name does not resolve or resolves to a private address, then the refusal is the same', async () => {
    const unresolved = fetchHtmlPage('http://intranet.example/', {
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo ENOTFOUND intranet.example'), {
          code: 'ENOTFOUND',
        });
      },
    });
    await expect(unresolved).rejects.toThrow(new UrlRefusedError(REFUSED_URL_MESSAGE));
    const empty = fetchHtmlPage('http://empty.example/', { resolve: async () => [] });
    await expect(empty).rejects.toThrow(new UrlRefusedError(REFUSED_URL_MESSAGE));
    const internal = fetchHtmlPage('http://db.example/', {
      resolve: async () => [{ address: 'fec0::5', family: 6 }],
    });
    await expect(internal).rejects.toThrow(new UrlRefusedError(REFUSED_URL_MESSAGE));
  });
});

describe('the freshness reads (probePage, fetchJson)', () => {
  it('when the URL or the address its name resolves to is not public, then they refuse it as auto fill does', async () => {
    const resolvesTo = (address: string) => async () => [
      { address, family: address.includes(':') ? 6 : 4 },
    ];
    const cases: Array<[url: string, address: string]> = [
      ['http://127.0.0.1/job', '127.0.0.1'],
      ['http://[::ffff:127.0.0.1]/job', '::ffff:127.0.0.1'],
      ['http://[::ffff:a9fe:a9fe]/latest/meta-data/', '::ffff:169.254.169.254'],
      ['http://careers.example/job', '10.0.0.7'],
      ['http://careers.example/job', '169.254.169.254'],
      ['http://careers.example/job', '::ffff:192.168.0.1'],
      ['http://careers.example/job', 'fe80::1'],
      ['http://careers.example:8080/job', '93.184.216.34'],
    ];
    for (const [url, address] of cases) {
      const options = { resolve: resolvesTo(address), timeoutMs: 1_000 };
      for (const read of [
        () => fetchHtmlPage(url, options),
        () => probePage(url, undefined, options),
        () => fetchJson(url, undefined, options),
      ]) {
        const refusal = await read().catch((error: unknown) => error);
        expect(refusal, `${url} at ${address}`).toBeInstanceOf(UrlRefusedError);
        expect((refusal as Error).message, url).toBe(REFUSED_URL_MESSAGE);
      }
    }
  });
});

describe('fetchHtmlPage allowed hosts', () => {
  it('when an IPv6 loopback host is listed as [::1]:port, then it is not refused as private', async () => {
    const attempt = fetchHtmlPage('http://[::1]:9/', {
      allowedHosts: new Set(['[::1]:9']),
      timeoutMs: 1_000,
    });
    await expect(attempt).rejects.not.toThrow(REFUSED_URL_MESSAGE);
  });
});

describe('fetchHtmlPage when no answer comes', () => {
  it('when no name server answers, then the page is unreachable, not refused', async () => {
    const attempt = fetchHtmlPage('https://careers.example/job', {
      resolve: async () => {
        throw Object.assign(new Error('getaddrinfo EAI_AGAIN careers.example'), {
          code: 'EAI_AGAIN',
        });
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(PageUnreachableError);
  });

  it('when nothing listens at the address, then the page is unreachable', async () => {
    const attempt = fetchHtmlPage('http://[::1]:9/', {
      allowedHosts: new Set(['[::1]:9']),
      timeoutMs: 1_000,
    });
    const failure = await attempt.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PageUnreachableError);
    expect(failure).toBeInstanceOf(PageUnavailableError);
  });
});
