import type { PostChallenge, RiskSignal } from '@b2g/contracts';
import type { Clock, PostText, TrustPorts } from '../ports.js';
import { applyUrlSignals, parseApplyUrl } from './apply-url.js';
import { descriptionSignals, scamPhrasingSignal } from './description.js';
import { emailDomainOf, isFreeMail, posterDomainFits } from './organisation.js';
import { ProofOfWork, type ProofCheck, type ProofOfWorkSettings } from './proof-of-work.js';
import { nearest, shinglesOf } from './similarity.js';
import { DEFAULT_DENIED_APPLY_HOSTS } from './url-lists.js';
import { VolumeCounts, type VolumeLimits } from './volume.js';
import { NEAR_REJECTED_WEIGHT, signal } from './weights.js';

export { REVIEW_THRESHOLD, SIGNAL_WEIGHTS } from './weights.js';

/** A public post (or an employer's edit) as the assessment reads it. */
export interface PostToAssess {
  title: string;
  company: string;
  location: string;
  description: string;
  url: string;
  isAgencyRole: boolean;
  posterEmail?: string | undefined;
  emailVerified: boolean;
  /** The honeypot field's value (POST_HONEYPOT_FIELD). */
  honeypot?: string | undefined;
  /** The ALTCHA payload (POST_PROOF_FIELD). */
  proof?: string | undefined;
  /** An opaque per-client key, never a raw IP address. */
  clientKey: string;
  /** An employer's edit is not its own duplicate. */
  excludeJobId?: string | undefined;
}

/** A post's signals and the score they add up to. */
export interface Assessment {
  score: number;
  signals: RiskSignal[];
}

export interface TrustOptions {
  proof?: ProofOfWorkSettings;
  volume?: Partial<VolumeLimits>;
  /** Apply hosts denied besides DEFAULT_DENIED_APPLY_HOSTS (each with its subdomains). */
  deniedApplyHosts?: readonly string[];
  /** Candidates fetched per near-duplicate look-up (default 5). */
  nearCandidates?: number;
  /** Told when a look-up failed (the post is then scored without that signal). */
  onCheckFailed?: (check: 'near_duplicate' | 'volume', error: unknown) => void;
  now?: Clock;
}

const PROOF_EVIDENCE: Record<Exclude<ProofCheck, 'valid'>, string> = {
  missing: 'no proof of work was sent',
  unreadable: 'the proof of work could not be read',
  invalid: 'the proof of work is not a solved challenge of this site',
  expired: 'the proof of work answers an expired challenge',
  replayed: 'the proof of work was used before',
};

const textOf = (post: PostToAssess): PostText => ({
  title: post.title,
  company: post.company,
  description: post.description,
});

/**
 * Scores a public post by its risk signals (each with its weight and evidence). A look-up that
 * fails leaves its signal out rather than failing the post.
 */
export class TrustAssessor {
  private readonly proof: ProofOfWork;
  private readonly volume: VolumeCounts;
  private readonly denied: readonly string[];
  private readonly nearCandidates: number;

  constructor(
    private readonly deps: TrustPorts,
    private readonly options: TrustOptions = {},
  ) {
    const now = options.now ?? (() => new Date());
    this.proof = new ProofOfWork(deps.usedProofs, options.proof, now);
    this.volume = new VolumeCounts(deps.volume, options.volume, now);
    this.denied = [...DEFAULT_DENIED_APPLY_HOSTS, ...(options.deniedApplyHosts ?? [])];
    this.nearCandidates = options.nearCandidates ?? 5;
  }

  /** A proof-of-work challenge for the public form (GET /api/jobs/post-challenge). */
  challenge(): Promise<PostChallenge> {
    return this.proof.challenge();
  }

  async assess(post: PostToAssess): Promise<Assessment> {
    const [near, volume, proof] = await Promise.all([
      this.guarded('near_duplicate', () => this.nearDuplicate(post)),
      this.guarded('volume', () => this.volume.signals(post)),
      this.proof.check(post.proof),
    ]);
    const signals = [
      ...this.posterSignals(post),
      ...applyUrlSignals(parseApplyUrl(post.url), this.denied),
      ...near,
      ...volume,
      ...descriptionSignals(post.description),
      ...[scamPhrasingSignal(post.title, post.description) ?? []].flat(),
      ...(post.isAgencyRole ? [signal('agency_role', 'the post is marked as an agency role')] : []),
      ...(post.honeypot?.trim()
        ? [
            signal(
              'honeypot',
              `the hidden field people never see holds "${post.honeypot.trim().slice(0, 40)}"`,
            ),
          ]
        : []),
      ...(proof === 'valid' ? [] : [signal('no_proof_of_work', PROOF_EVIDENCE[proof])]),
    ];
    return { score: signals.reduce((sum, raised) => sum + raised.weight, 0), signals };
  }

  /** Counts a post toward the 24-hour volume signals. */
  recordPost(post: PostToAssess): Promise<void> {
    return this.volume.record(post);
  }

  /** Remembers a rejected or banned post's text for later near-duplicate checks. */
  rememberRejected(id: string, post: PostToAssess): Promise<void> {
    return this.deps.nearPosts.rememberRejected(id, textOf(post));
  }

  private posterSignals(post: PostToAssess): RiskSignal[] {
    const email = post.posterEmail?.trim();
    if (!email) return [signal('no_email', 'the post gives no e-mail address')];
    const domain = emailDomainOf(email);
    const signals: RiskSignal[] = [];
    if (!post.emailVerified)
      signals.push(signal('email_unverified', 'the e-mail address is not verified yet'));
    if (!domain) return signals;
    if (isFreeMail(domain)) {
      signals.push(signal('free_mail', `${domain} gives addresses to anyone`));
    } else if (!posterDomainFits(domain, parseApplyUrl(post.url), post.company)) {
      const host = parseApplyUrl(post.url)?.hostname ?? 'the apply link';
      signals.push(
        signal(
          'domain_mismatch',
          `poster's domain ${domain} is neither the apply link's (${host}) nor the company's ("${post.company}")`,
        ),
      );
    }
    return signals;
  }

  private async nearDuplicate(post: PostToAssess): Promise<RiskSignal[]> {
    const text = textOf(post);
    const shingles = shinglesOf(text);
    if (!shingles) return [];
    const { nearPosts } = this.deps;
    const [active, rejected] = await Promise.all([
      nearPosts.activeLike(text, this.nearCandidates, post.excludeJobId),
      nearPosts.rejectedLike(text, this.nearCandidates),
    ]);
    const ofRejected = nearest(shingles, rejected);
    const percent = (similarity: number) => `${Math.round(similarity * 100)} %`;
    if (ofRejected) {
      const { candidate, similarity } = ofRejected;
      const evidence = `${percent(similarity)} like rejected post ${candidate.id} ("${candidate.title}" at ${candidate.company})`;
      return [signal('near_duplicate', evidence, NEAR_REJECTED_WEIGHT)];
    }
    const ofActive = nearest(shingles, active);
    if (!ofActive) return [];
    const { candidate, similarity } = ofActive;
    const evidence = `${percent(similarity)} like active job ${candidate.id} ("${candidate.title}" at ${candidate.company})`;
    return [signal('near_duplicate', evidence)];
  }

  private async guarded(
    check: 'near_duplicate' | 'volume',
    run: () => Promise<RiskSignal[]>,
  ): Promise<RiskSignal[]> {
    try {
      return await run();
    } catch (error) {
      this.options.onCheckFailed?.(check, error);
      return [];
    }
  }
}
