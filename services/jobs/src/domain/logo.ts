import { createHash } from 'node:crypto';
import {
  COMPANY_LOGO_MAX_BYTES,
  COMPANY_LOGO_SIZE,
  COMPANY_LOGO_TYPES,
  COMPANY_MESSAGES,
} from '@b2g/contracts';
import { AppError, badRequest } from '@b2g/service-kit';
import sharp from 'sharp';

// One small image at a time needs no cache; it would only hold memory between uploads.
sharp.cache(false);

/** The largest image decoded (width × height): a small file declaring a huge canvas is refused. */
export const LOGO_MAX_INPUT_PIXELS = 6_000 * 6_000;

type LogoType = (typeof COMPANY_LOGO_TYPES)[number];

/** A re-encoded logo: a WebP with no metadata, named by the SHA-256 of its bytes. */
export interface EncodedLogo {
  bytes: Buffer;
  hash: string;
}

/** The logo store (data/logo-store.ts): re-encoded logos by their content hash. */
export interface LogoStore {
  /** Stores the bytes under `hash` (a hash stored already is kept as it is). */
  put(logo: EncodedLogo): Promise<void>;
  get(hash: string): Promise<Buffer | null>;
}

export const logoTooLarge = () =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', COMPANY_MESSAGES.logoTooLarge);
const wrongType = () => new AppError(415, 'VALIDATION_ERROR', COMPANY_MESSAGES.logoType);
const unreadable = () => badRequest(COMPANY_MESSAGES.logoUnreadable);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Walks a PNG's chunks: true when they are well formed and IEND is the last byte. Bytes after
 * IEND (a script, an archive) make a polyglot file, which is refused rather than cleaned.
 */
export function pngEndsAtIend(bytes: Buffer): boolean {
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (type === 'IEND') return next === bytes.length;
    at = next;
  }
  return false;
}

/** The image type the bytes are (by their signature), whatever the request says. */
export function sniffLogoType(bytes: Buffer): LogoType | undefined {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** A WebP's RIFF size covers the whole file: nothing follows it. */
const webpEndsAtRiff = (bytes: Buffer) => bytes.readUInt32LE(4) + 8 === bytes.length;

/**
 * Checks an uploaded logo and re-encodes it: PNG, JPEG or WebP by its bytes (never SVG or
 * anything else), no data after the image's end, at most COMPANY_LOGO_MAX_BYTES and
 * LOGO_MAX_INPUT_PIXELS; the result is a square WebP of at most COMPANY_LOGO_SIZE pixels a side
 * (contained on a transparent background), EXIF orientation applied and every metadata dropped.
 */
export async function encodeLogo(
  bytes: Buffer,
  declaredType: string | undefined,
): Promise<EncodedLogo> {
  if (bytes.length > COMPANY_LOGO_MAX_BYTES) throw logoTooLarge();
  const declared = (declaredType ?? '').split(';')[0]?.trim().toLowerCase();
  if (!COMPANY_LOGO_TYPES.includes(declared as LogoType)) throw wrongType();
  const type = sniffLogoType(bytes);
  if (type === undefined) throw wrongType();
  if (type === 'image/png' && !pngEndsAtIend(bytes)) throw unreadable();
  if (type === 'image/webp' && !webpEndsAtRiff(bytes)) throw unreadable();
  try {
    const image = sharp(bytes, { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' });
    const { width, height, format } = await image.metadata();
    if (!['png', 'jpeg', 'webp'].includes(format) || !width || !height) throw unreadable();
    const side = Math.min(COMPANY_LOGO_SIZE, Math.max(width, height));
    const out = await image
      .rotate()
      .resize(side, side, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .webp({ quality: 90 })
      .toBuffer();
    return { bytes: out, hash: createHash('sha256').update(out).digest('hex') };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
