import { describe, expect, it } from 'vitest';
import { fetchHtmlPage, isPublicAddress } from './safe-fetch.js';

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
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('fetchHtmlPage URL checks', () => {
  it('when the scheme is not http(s) or the URL carries credentials, then it is refused before any connection', async () => {
    await expect(fetchHtmlPage('ftp://example.com/')).rejects.toThrow(
      'Only http and https URLs can be fetched.',
    );
    await expect(fetchHtmlPage('gopher://example.com/')).rejects.toThrow(
      'Only http and https URLs can be fetched.',
    );
    await expect(fetchHtmlPage('https://user:pw@example.com/')).rejects.toThrow(
      'URLs with a user name or password cannot be fetched.',
    );
    await expect(fetchHtmlPage('https://user@example.com/')).rejects.toThrow(
      'URLs with a user name or password cannot be fetched.',
    );
  });
});

describe('fetchHtmlPage allowed hosts', () => {
  it('when an IPv6 loopback host is listed as [::1]:port, then it is not refused as private', async () => {
    const attempt = fetchHtmlPage('http://[::1]:9/', {
      allowedHosts: new Set(['[::1]:9']),
      timeoutMs: 1_000,
    });
    await expect(attempt).rejects.not.toThrow('private or local address');
  });
});
