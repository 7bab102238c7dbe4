import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { MESSAGES, RESET_TOKEN_TTL_MS, type ResetPasswordRequest } from '@b2g/contracts';
import { badRequest } from '@b2g/service-kit';
import type { Mailer } from '@b2g/service-kit';
import type { Logger } from 'pino';
import type { Accounts } from './accounts.js';
import { lookupKey, type RequestContext } from './model.js';
import type { BackgroundWork, ResetTokenStore, UserStore } from './ports.js';
import { resetEmail } from './reset-email.js';

export interface PasswordResetsDeps {
  users: UserStore;
  resetTokens: ResetTokenStore;
  accounts: Accounts;
  mailer: Mailer;
  background: BackgroundWork;
  logger: Logger;
  /** Origin of the link in the e-mail (configuration, never a request header). */
  publicBaseUrl: string;
  now: () => number;
}

/** Only the SHA-256 of a reset token is stored: a database leak does not hand out reset links. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalidToken = () =>
  badRequest(MESSAGES.resetTokenMissing, [{ path: 'token', message: MESSAGES.resetTokenMissing }]);

export class PasswordResets {
  constructor(private readonly deps: PasswordResetsDeps) {}

  /**
   * Sends a reset link if an account has this e-mail address. The work happens after the answer,
   * so neither the answer nor its timing tells whether the address is registered.
   */
  request(email: string): void {
    this.deps.background.run('password reset e-mail', () => this.sendLink(lookupKey(email)));
  }

  /** Sets the password with a valid token, once; every session of the user ends. */
  async reset(input: ResetPasswordRequest, context: RequestContext): Promise<void> {
    const userId = await this.deps.resetTokens.claim(
      hashResetToken(input.token),
      new Date(this.deps.now()),
    );
    if (!userId) throw invalidToken();
    const changed = await this.deps.accounts.setPassword(
      userId,
      input.password,
      'password_reset',
      context,
    );
    if (!changed) throw invalidToken();
  }

  private async sendLink(emailKey: string): Promise<void> {
    const user = await this.deps.users.findByEmail(emailKey);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.now();
    await this.deps.resetTokens.insert({
      _id: randomUUID(),
      userId: user._id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
      usedAt: null,
      createdAt: new Date(now),
    });
    const link = new URL('/reset-password', this.deps.publicBaseUrl);
    link.searchParams.set('token', token);
    await this.deps.mailer.send({
      to: user.email,
      ...resetEmail({ firstName: user.firstName, link: link.toString() }),
    });
    this.deps.logger.info({ userId: user._id }, 'password reset link sent');
  }
}
