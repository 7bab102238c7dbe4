import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { domainCovers } from './companies.js';
import { encodeLogo, pngEndsAtIend, sniffLogoType } from './logo.js';

const png = () =>
  sharp({ create: { width: 8, height: 4, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();

describe('logo checks', () => {
  it('when the bytes are a PNG, JPEG or WebP, then that is their type whatever is declared; other bytes have none', async () => {
    expect(sniffLogoType(await png())).toBe('image/png');
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(sniffLogoType(await image.clone().jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffLogoType(await image.clone().webp().toBuffer())).toBe('image/webp');
    expect(sniffLogoType(await image.clone().gif().toBuffer())).toBeUndefined();
    expect(sniffLogoType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffLogoType(Buffer.alloc(0))).toBeUndefined();
  });

  it('when a PNG ends at IEND, then it passes; a byte after it or a chunk cut short does not', async () => {
    const bytes = await png();
    expect(pngEndsAtIend(bytes)).toBe(true);
    expect(pngEndsAtIend(Buffer.concat([bytes, Buffer.from('<script>')]))).toBe(false);
    expect(pngEndsAtIend(bytes.subarray(0, bytes.length - 1))).toBe(false);
  });

  it('when a PNG is wider than tall, then it becomes a square WebP of its larger side, hashed', async () => {
    const logo = await encodeLogo(await png(), 'image/png; charset=binary');
    const meta = await sharp(logo.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 8, 8]);
    expect(logo.hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('domainCovers', () => {
  it("when the e-mail's domain is the host or a parent of it, then it covers it; a look-alike or a bare suffix does not", () => {
    expect(domainCovers('a@acme.example', 'acme.example')).toBe(true);
    expect(domainCovers('A@Acme.Example', 'careers.acme.example')).toBe(true);
    expect(domainCovers('a@acme.example', 'notacme.example')).toBe(false);
    expect(domainCovers('a@careers.acme.example', 'acme.example')).toBe(false);
    expect(domainCovers('a@example', 'acme.example')).toBe(false);
    expect(domainCovers('a@acme.example', undefined)).toBe(false);
  });
});
