import { pipeline } from 'node:stream/promises';
import mongoose, { type Connection } from 'mongoose';
import type { EncodedLogo, LogoStore } from '../domain/logo.js';

/** The GridFS bucket of company logos: `company_logos.files` and `company_logos.chunks`. */
export const LOGO_BUCKET = 'company_logos';

const isDuplicateKey = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;

/**
 * Re-encoded logos in GridFS, the file's `_id` its content hash: the same image uploaded twice
 * (or for two companies) is stored once, and a read is one `_id` lookup and its chunks.
 */
export class GridFsLogoStore implements LogoStore {
  constructor(private readonly connection: Connection) {}

  private bucket() {
    const db = this.connection.db;
    if (!db) throw new Error('MongoDB is not connected');
    return new mongoose.mongo.GridFSBucket(db, { bucketName: LOGO_BUCKET });
  }

  async put(logo: EncodedLogo): Promise<void> {
    const bucket = this.bucket();
    if ((await bucket.find({ _id: logo.hash } as object, { limit: 1 }).toArray()).length > 0)
      return;
    const upload = bucket.openUploadStreamWithId(
      logo.hash as unknown as mongoose.mongo.ObjectId,
      `${logo.hash}.webp`,
      { metadata: { contentType: 'image/webp' } },
    );
    try {
      await pipeline([logo.bytes], upload);
    } catch (error) {
      // Another upload of the same image stored it meanwhile.
      if (!isDuplicateKey(error)) throw error;
    }
  }

  async get(hash: string): Promise<Buffer | null> {
    const bucket = this.bucket();
    const found = await bucket.find({ _id: hash } as object, { limit: 1 }).toArray();
    if (found.length === 0) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of bucket.openDownloadStream(
      hash as unknown as mongoose.mongo.ObjectId,
    )) {
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }
}
