import type { AdminJob, JobClosedReason } from '@b2g/contracts';
import type { Logger } from 'pino';
import { Curation } from './curation.js';
import type { EmployerMails } from './employer-mail.js';
import type { Cause } from './events.js';
import type { ExpiryStore } from './expiry.js';
import type { JobRecord } from './model.js';
import { todayOf } from './search.js';

export interface ClosedNoticeDeps {
  mails: Pick<EmployerMails, 'closed'>;
  claims: Pick<ExpiryStore, 'claim'>;
  logger: Logger;
}

/**
 * Curation that tells a posting's poster when the job is closed: by its employer (with the
 * outcome), by the freshness checker (gone at its source, or past its closing date) or removed by
 * the admin. One e-mail per close across instances (a claim on the job and its close time); a
 * failed e-mail is logged, never fails the close. `closeQuietly` closes without it (the expiry
 * sweep sends its own "expired" e-mail).
 */
export class NoticedCuration extends Curation {
  constructor(
    deps: ConstructorParameters<typeof Curation>[0],
    private readonly notice: ClosedNoticeDeps,
  ) {
    super(deps);
  }

  override async close(id: string, reason: JobClosedReason, cause: Cause = {}): Promise<AdminJob> {
    const before = await this.record(id);
    return this.told(before, await super.close(id, reason, cause));
  }

  override async softDelete(id: string, cause: Cause = {}): Promise<AdminJob> {
    const before = await this.record(id);
    return this.told(before, await super.softDelete(id, cause));
  }

  closeQuietly(id: string, reason: JobClosedReason, cause: Cause = {}): Promise<AdminJob> {
    return super.close(id, reason, cause);
  }

  /** Sends the "closed" e-mail when this call closed an active posting that names its poster. */
  private async told(before: JobRecord | null, after: AdminJob): Promise<AdminJob> {
    const email = before?.posterEmail;
    if (!email || before.deletedAt || !after.deletedAt) return after;
    try {
      const key = `closed:${after.id}:${after.deletedAt}`;
      if (await this.notice.claims.claim(key, todayOf(new Date(after.deletedAt))))
        await this.notice.mails.closed(email, before, after.closedReason ?? null);
    } catch (error) {
      this.notice.logger.warn({ err: error, jobId: after.id }, 'employer closed e-mail failed');
    }
    return after;
  }
}
