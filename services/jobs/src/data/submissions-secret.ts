import { createHmac, randomBytes } from 'node:crypto';
import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';

interface SecretDocument {
  _id: string;
  secret: string;
}

const SECRET_ID = 'client-key';

const secretSchema = new mongoose.Schema<SecretDocument>(
  { _id: { type: String, required: true }, secret: { type: String, required: true } },
  { collection: 'review_secrets', versionKey: false },
);

/**
 * The key of a client for the trust signals: an HMAC of its address with a secret that every
 * instance shares (made once, kept in the service's database), so counts per client agree across
 * instances and no address is stored.
 */
export class ClientKeys {
  private readonly model: Model<SecretDocument>;
  private secret: Promise<string> | undefined;

  constructor(connection: Connection) {
    this.model = modelOn(connection, 'ReviewSecret', secretSchema);
  }

  /** The client's key; its address never leaves this function. */
  async keyOf(address: string): Promise<string> {
    this.secret ??= this.load().catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return createHmac('sha256', await this.secret)
      .update(address)
      .digest('base64url');
  }

  private async load(): Promise<string> {
    const found = await this.model.findById(SECRET_ID).lean<SecretDocument>();
    if (found) return found.secret;
    try {
      await this.model.create({ _id: SECRET_ID, secret: randomBytes(32).toString('base64url') });
    } catch (error) {
      // Another instance made it first: its secret is the one.
      if (!(error instanceof Error && 'code' in error && error.code === 11000)) throw error;
    }
    const made = await this.model.findById(SECRET_ID).lean<SecretDocument>();
    if (!made) throw new Error('the client key secret could not be stored');
    return made.secret;
  }
}
