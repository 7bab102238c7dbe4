import { modelOn } from '@b2g/service-kit';
import mongoose, { type Connection, type Model } from 'mongoose';
import type {
  EmployerGrant,
  EmployerLinkStore,
  EmployerSessionStore,
} from '../domain/employer-access.js';

/** A sign-in link or a session: `_id` is the SHA-256 of its secret, so a look-up is by `_id`. */
interface GrantDocument extends EmployerGrant {
  _id: string;
}

/** An address a sign-in link proved the employer reads. */
interface VerifiedAddress {
  _id: string;
  verifiedAt: Date;
}

const grantSchema = (collection: string) => {
  const schema = new mongoose.Schema<GrantDocument>(
    {
      _id: { type: String, required: true },
      email: { type: String, required: true },
      expiresAt: { type: Date, required: true },
    },
    { collection, versionKey: false },
  );
  // Expired grants are swept by expiry (FerretDB has no TTL index).
  schema.index({ expiresAt: 1 });
  return schema;
};

const asGrant = (doc: GrantDocument | null): EmployerGrant | null =>
  doc && { email: doc.email, expiresAt: doc.expiresAt };

/** Grants of one kind: each written and read by `_id` alone; the expired swept when one is added. */
class Grants {
  constructor(
    private readonly model: Model<GrantDocument>,
    private readonly now: () => Date,
  ) {}

  async put(secretHash: string, grant: EmployerGrant): Promise<void> {
    await this.model.deleteMany({ expiresAt: mongoose.trusted({ $lt: this.now() }) });
    await this.model.create({ _id: secretHash, ...grant });
  }

  async find(secretHash: string): Promise<EmployerGrant | null> {
    return asGrant(await this.model.findById(secretHash).lean<GrantDocument>());
  }

  /** Deleted by `_id` and returned to the one caller that deleted it. */
  async take(secretHash: string): Promise<EmployerGrant | null> {
    return asGrant(await this.model.findByIdAndDelete(secretHash).lean<GrantDocument>());
  }

  async remove(secretHash: string): Promise<void> {
    await this.model.deleteOne({ _id: secretHash });
  }
}

export class MongoEmployerLinks implements EmployerLinkStore {
  private readonly grants: Grants;

  constructor(connection: Connection, now: () => Date = () => new Date()) {
    const model = modelOn(connection, 'EmployerLink', grantSchema('employer_sign_in_links'));
    this.grants = new Grants(model, now);
  }

  put(secretHash: string, grant: EmployerGrant): Promise<void> {
    return this.grants.put(secretHash, grant);
  }

  take(secretHash: string): Promise<EmployerGrant | null> {
    return this.grants.take(secretHash);
  }
}

export class MongoEmployerSessions implements EmployerSessionStore {
  private readonly grants: Grants;
  private readonly verified: Model<VerifiedAddress>;

  constructor(connection: Connection, now: () => Date = () => new Date()) {
    const model = modelOn(connection, 'EmployerSession', grantSchema('employer_sessions'));
    this.grants = new Grants(model, now);
    this.verified = modelOn(
      connection,
      'EmployerAddress',
      new mongoose.Schema<VerifiedAddress>(
        { _id: { type: String, required: true }, verifiedAt: { type: Date, required: true } },
        { collection: 'employer_addresses', versionKey: false },
      ),
    );
  }

  put(secretHash: string, grant: EmployerGrant): Promise<void> {
    return this.grants.put(secretHash, grant);
  }

  find(secretHash: string): Promise<EmployerGrant | null> {
    return this.grants.find(secretHash);
  }

  remove(secretHash: string): Promise<void> {
    return this.grants.remove(secretHash);
  }

  async markVerified(email: string, at: Date): Promise<void> {
    await this.verified.updateOne({ _id: email }, { $set: { verifiedAt: at } }, { upsert: true });
  }
}
