import { createHash } from 'node:crypto';
import type { RiskSignal } from '@b2g/contracts';
import type { Clock, PostVolumeStore } from '../ports.js';
import { emailDomainOf, isFreeMail } from './organisation.js';
import { signal } from './weights.js';

/** Posts from one e-mail domain or one client in 24 hours beyond which a post is a signal. */
export interface VolumeLimits {
  perDomain: number;
  perClient: number;
}

export const DEFAULT_VOLUME_LIMITS: VolumeLimits = { perDomain: 10, perClient: 10 };

const DAY_MS = 86_400_000;

/** The UTC day of a time, as the keys name it. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * What a post is counted under: its e-mail domain (unless anyone can have an address there, as
 * free mail is a signal of its own and its volume says nothing of one sender) and its client.
 * The client key is hashed once more, so the store never holds what the caller derived it from;
 * an empty one (an employer's edit) is no client.
 */
function subjectsOf(post: { posterEmail?: string | undefined; clientKey: string }) {
  const domain = emailDomainOf(post.posterEmail);
  const client = post.clientKey
    ? createHash('sha256').update(post.clientKey).digest('base64url').slice(0, 22)
    : undefined;
  return {
    ...(domain && !isFreeMail(domain) ? { domain: `domain:${domain}` } : {}),
    ...(client ? { client: `client:${client}` } : {}),
  };
}

/**
 * 24-hour post counts per subject, kept as one document per post under `<subject>:<UTC day>`:
 * a count reads today's key and yesterday's from 24 hours ago, each up to the limit.
 */
export class VolumeCounts {
  private readonly limits: VolumeLimits;

  constructor(
    private readonly store: PostVolumeStore,
    limits: Partial<VolumeLimits> = {},
    private readonly now: Clock = () => new Date(),
  ) {
    this.limits = { ...DEFAULT_VOLUME_LIMITS, ...limits };
  }

  async record(post: { posterEmail?: string | undefined; clientKey: string }): Promise<void> {
    const at = this.now();
    const day = dayOf(at);
    await this.store.record(
      Object.values(subjectsOf(post)).map((subject) => `${subject}:${day}`),
      at,
    );
  }

  async signals(post: { posterEmail?: string | undefined; clientKey: string }) {
    const { domain, client } = subjectsOf(post);
    const signals: RiskSignal[] = [];
    if (domain) {
      const count = await this.count(domain, this.limits.perDomain);
      if (count >= this.limits.perDomain)
        signals.push(
          signal(
            'domain_volume',
            `${count} posts from ${domain.slice('domain:'.length)} in the last 24 hours (limit ${this.limits.perDomain})`,
          ),
        );
    }
    if (!client) return signals;
    const count = await this.count(client, this.limits.perClient);
    if (count >= this.limits.perClient)
      signals.push(
        signal(
          'client_volume',
          `${count} posts from this client in the last 24 hours (limit ${this.limits.perClient})`,
        ),
      );
    return signals;
  }

  /** Posts under `subject` in the last 24 hours, counted up to `limit`. */
  private async count(subject: string, limit: number): Promise<number> {
    const now = this.now();
    const since = new Date(now.getTime() - DAY_MS);
    const today = await this.store.count(`${subject}:${dayOf(now)}`, since, limit);
    if (today >= limit) return today;
    return today + (await this.store.count(`${subject}:${dayOf(since)}`, since, limit - today));
  }
}
