import { createHash, randomBytes } from 'node:crypto';
import { EMPLOYER_MESSAGES, type EmployerSession } from '@b2g/contracts';
import { unauthorized } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { EmployerMails } from './employer-mail.js';
import type { JobRecord } from './model.js';
import type { Clock } from './ports.js';

const HOUR_MS = 60 * 60 * 1000;

export interface EmployerAccessSettings {
  /** How long a sign-in link works (once). */
  linkTtlMs: number;
  /** How long the session a link opens lasts. */
  sessionTtlMs: number;
}

export const DEFAULT_EMPLOYER_ACCESS: EmployerAccessSettings = {
  linkTtlMs: 24 * HOUR_MS,
  sessionTtlMs: 12 * HOUR_MS,
};

/** A stored sign-in link or session: only the SHA-256 of its secret is kept. */
export interface EmployerGrant {
  email: string;
  expiresAt: Date;
}

/** Sign-in links (data/employer-identity.ts): each taken at most once. */
export interface EmployerLinkStore {
  put(secretHash: string, grant: EmployerGrant): Promise<void>;
  /** Removes the link and returns it (one caller only), or null when there is none. */
  take(secretHash: string): Promise<EmployerGrant | null>;
}

/** Employer sessions and the addresses a link has verified. */
export interface EmployerSessionStore {
  put(secretHash: string, grant: EmployerGrant): Promise<void>;
  find(secretHash: string): Promise<EmployerGrant | null>;
  remove(secretHash: string): Promise<void>;
  markVerified(email: string, at: Date): Promise<void>;
}

/** Whether an address has any posting (an indexed equality lookup). */
export type HasPostings = (email: string) => Promise<boolean>;

/** A secret of 256 random bits, as it travels (base64url). */
const newSecret = () => randomBytes(32).toString('base64url');
/** What is stored of a secret: equality on this finds it, and a stolen copy opens nothing. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The address as the employer is known by: trimmed, lowercased. */
export const employerAddress = (email: string) => email.trim().toLowerCase();

/** A session just opened: its secret goes into the cookie, never anywhere else. */
export interface OpenedSession extends EmployerSession {
  secret: string;
}

/**
 * An employer is a verified e-mail address, no password: a sign-in link e-mailed to it (a random
 * token, stored hashed, single use) opens a session for that address's postings.
 */
export class EmployerAccess {
  private readonly now: Clock;

  constructor(
    private readonly deps: {
      links: EmployerLinkStore;
      sessions: EmployerSessionStore;
      hasPostings: HasPostings;
      mails: EmployerMails;
      settings: EmployerAccessSettings;
      logger: Logger;
      now?: Clock;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** A new sign-in link's token for the address. */
  private async newLinkToken(email: string): Promise<string> {
    const token = newSecret();
    const expiresAt = new Date(this.now().getTime() + this.deps.settings.linkTtlMs);
    await this.deps.links.put(secretHash(token), { email, expiresAt });
    return token;
  }

  /** After a public post that named its poster: the posted e-mail with a sign-in link. Never throws. */
  async jobPosted(record: JobRecord): Promise<void> {
    const email = record.posterEmail;
    if (!email) return;
    try {
      await this.deps.mails.posted(email, record, await this.newLinkToken(email));
    } catch (error) {
      this.deps.logger.warn({ err: error, jobId: record._id }, 'employer posted e-mail failed');
    }
  }

  /**
   * POST /api/employer/sign-in-link: a fresh link when the address has postings, nothing else
   * otherwise. The caller answers the same either way and does not wait for this.
   */
  async sendLink(email: string): Promise<void> {
    const address = employerAddress(email);
    if (!(await this.deps.hasPostings(address))) return;
    await this.deps.mails.signInLink(address, await this.newLinkToken(address));
  }

  /** POST /api/employer/sign-in: the link's token, once and in time, becomes a session. */
  async signIn(token: string): Promise<OpenedSession> {
    const link = await this.deps.links.take(secretHash(token));
    const now = this.now();
    if (!link || link.expiresAt <= now) throw unauthorized(EMPLOYER_MESSAGES.tokenInvalid);
    const secret = newSecret();
    const expiresAt = new Date(now.getTime() + this.deps.settings.sessionTtlMs);
    await this.deps.sessions.put(secretHash(secret), { email: link.email, expiresAt });
    await this.deps.sessions.markVerified(link.email, now);
    return { secret, email: link.email, expiresAt: expiresAt.toISOString() };
  }

  /** The session of a cookie's secret, or a 401. */
  async session(secret: string | undefined): Promise<EmployerSession> {
    const found = secret ? await this.deps.sessions.find(secretHash(secret)) : null;
    if (!found || found.expiresAt <= this.now())
      throw unauthorized(EMPLOYER_MESSAGES.signInRequired);
    return { email: found.email, expiresAt: found.expiresAt.toISOString() };
  }

  async signOut(secret: string | undefined): Promise<void> {
    if (secret) await this.deps.sessions.remove(secretHash(secret));
  }
}
