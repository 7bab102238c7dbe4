import { describe, expect, it } from 'vitest';
import type { NearCandidate, TrustPorts } from '../ports.js';
import { REVIEW_THRESHOLD, TrustAssessor, type PostToAssess } from './assess.js';
import { ProofOfWork } from './proof-of-work.js';
import { SIGNAL_WEIGHTS } from './weights.js';
import { solveProof } from '../../../test/fixtures/proof.js';

const DESCRIPTION =
  'Own a territory of federal civilian agencies and grow it through GSA Schedule and SEWP contract vehicles with our partners and resellers every quarter of the year.';

/** In memory: the candidates each look-up answers, the counted keys, the used salts. */
function memoryPorts(found: { active?: NearCandidate[]; rejected?: NearCandidate[] } = {}) {
  const counted: Array<{ key: string; at: Date }> = [];
  const used = new Set<string>();
  const remembered: NearCandidate[] = [];
  const lookups: Array<string | undefined> = [];
  const ports: TrustPorts = {
    nearPosts: {
      activeLike: (_text, _limit, excludeId) => {
        lookups.push(excludeId);
        return Promise.resolve(found.active ?? []);
      },
      rejectedLike: () => Promise.resolve([...(found.rejected ?? []), ...remembered]),
      rememberRejected: (id, text) => {
        remembered.push({ id, ...text });
        return Promise.resolve();
      },
    },
    volume: {
      record: (keys, at) => {
        counted.push(...keys.map((key) => ({ key, at })));
        return Promise.resolve();
      },
      count: (key, since, limit) =>
        Promise.resolve(
          Math.min(limit, counted.filter((row) => row.key === key && row.at >= since).length),
        ),
    },
    usedProofs: {
      markUsed: (salt) => Promise.resolve(used.has(salt) ? false : Boolean(used.add(salt))),
    },
  };
  return { ports, counted, lookups };
}

const HMAC_KEY = 'test-key';
const FAST = { hmacKey: HMAC_KEY, maxNumber: 2_000 };

function post(overrides: Partial<PostToAssess> = {}): PostToAssess {
  return {
    title: 'Federal Account Executive',
    company: 'Keystone Federal Systems',
    location: 'Arlington, VA',
    description: DESCRIPTION,
    url: 'https://careers.keystone.example/jobs/1',
    isAgencyRole: false,
    posterEmail: 'jane@keystone.example',
    emailVerified: true,
    clientKey: 'client-1',
    ...overrides,
  };
}

const names = (assessment: { signals: { signal: string }[] }) =>
  assessment.signals.map((raised) => raised.signal);

describe('TrustAssessor', () => {
  it('when a verified work address posts with a valid proof, then nothing is raised and the score is 0', async () => {
    const trust = new TrustAssessor(memoryPorts().ports, { proof: FAST });
    const proof = await solveProof(await trust.challenge());
    expect(await trust.assess(post({ proof }))).toEqual({ score: 0, signals: [] });
  });

  it('when an ordinary post gives no e-mail, then no_email alone stays below the threshold', async () => {
    const trust = new TrustAssessor(memoryPorts().ports, { proof: FAST });
    const proof = await solveProof(await trust.challenge());
    const assessment = await trust.assess(post({ posterEmail: undefined, proof }));
    expect(names(assessment)).toEqual(['no_email']);
    expect(assessment.score).toBeLessThan(REVIEW_THRESHOLD);
  });

  it('when the address is unverified, free mail, or of another organisation, then each is raised with its evidence', async () => {
    const trust = new TrustAssessor(memoryPorts().ports, { proof: FAST });
    const free = await trust.assess(post({ posterEmail: 'k.fed@gmail.com', emailVerified: false }));
    expect(names(free)).toEqual(['email_unverified', 'free_mail', 'no_proof_of_work']);
    expect(free.signals[1]?.evidence).toBe('gmail.com gives addresses to anyone');
    const other = await trust.assess(post({ posterEmail: 'ceo@quickhire-partners.example' }));
    expect(other.signals[0]).toMatchObject({ signal: 'domain_mismatch' });
    expect(other.signals[0]?.evidence).toContain('quickhire-partners.example');
    expect(other.signals[0]?.evidence).toContain('careers.keystone.example');
  });

  it('when the agency box is ticked or the honeypot filled, then each alone holds the post', async () => {
    const trust = new TrustAssessor(memoryPorts().ports, { proof: FAST });
    for (const overrides of [{ isAgencyRole: true }, { honeypot: '555-0100' }]) {
      const proof = await solveProof(await trust.challenge());
      const assessment = await trust.assess(post({ ...overrides, proof }));
      expect(assessment.signals).toHaveLength(1);
      expect(assessment.score).toBeGreaterThanOrEqual(REVIEW_THRESHOLD);
    }
    const bot = await trust.assess(post({ honeypot: ' 555-0100 ' }));
    expect(bot.signals[0]?.evidence).toBe('the hidden field people never see holds "555-0100"');
  });

  it('when the proof is missing, unreadable, forged, replayed or expired, then no_proof_of_work says which; the post is still scored', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const trust = new TrustAssessor(memoryPorts().ports, { proof: FAST, now: () => now });
    const evidence = async (proof: string | undefined) =>
      (await trust.assess(post({ proof }))).signals.find((s) => s.signal === 'no_proof_of_work')
        ?.evidence;
    expect(await evidence(undefined)).toBe('no proof of work was sent');
    expect(await evidence('%%%')).toBe('the proof of work could not be read');
    const elsewhere = new ProofOfWork(memoryPorts().ports.usedProofs, { ...FAST, hmacKey: 'x' });
    expect(await evidence(await solveProof(await elsewhere.challenge()))).toBe(
      'the proof of work is not a solved challenge of this site',
    );
    const proof = await solveProof(await trust.challenge());
    expect(await evidence(proof)).toBeUndefined();
    expect(await evidence(proof)).toBe('the proof of work was used before');
    const late = await solveProof(await trust.challenge());
    now = new Date(now.getTime() + 31 * 60_000);
    expect(await evidence(late)).toBe('the proof of work answers an expired challenge');
  });

  it('when the text repeats an active job, then near_duplicate names it; an edit leaves its own job out', async () => {
    const twin = {
      id: 'job-1',
      title: 'Federal Account Executive',
      company: 'Other',
      description: DESCRIPTION,
    };
    const { ports, lookups } = memoryPorts({ active: [twin] });
    const trust = new TrustAssessor(ports);
    const [raised] = (await trust.assess(post({ excludeJobId: 'job-9' }))).signals;
    expect(raised).toEqual({
      signal: 'near_duplicate',
      weight: SIGNAL_WEIGHTS.near_duplicate,
      evidence: '100 % like active job job-1 ("Federal Account Executive" at Other)',
    });
    expect(lookups).toEqual(['job-9']);
  });

  it('when the text repeats a remembered rejected post, then near_duplicate alone holds it', async () => {
    const trust = new TrustAssessor(memoryPorts().ports);
    await trust.rememberRejected('sub-1', post());
    const assessment = await trust.assess(post({ title: 'Federal Account Executive II' }));
    expect(assessment.signals[0]?.evidence).toMatch(/like rejected post sub-1/);
    expect(assessment.signals[0]?.weight).toBe(REVIEW_THRESHOLD);
  });

  it('when a domain or a client passed its limit in 24 hours, then domain_volume and client_volume; free mail counts no domain', async () => {
    let now = new Date('2030-01-01T23:00:00Z');
    const { ports, counted } = memoryPorts();
    const trust = new TrustAssessor(ports, {
      volume: { perDomain: 2, perClient: 3 },
      now: () => now,
    });
    await trust.recordPost(post());
    now = new Date('2030-01-02T01:00:00Z');
    await trust.recordPost(post({ clientKey: 'client-2' }));
    const domainOnly = names(await trust.assess(post({ clientKey: 'client-3' })));
    expect(domainOnly).toContain('domain_volume');
    expect(domainOnly).not.toContain('client_volume');
    await trust.recordPost(post({ posterEmail: 'a@gmail.com' }));
    await trust.recordPost(post({ posterEmail: 'b@gmail.com' }));
    const client = await trust.assess(post({ posterEmail: 'c@gmail.com', clientKey: 'client-1' }));
    expect(names(client)).toContain('client_volume');
    expect(names(client)).not.toContain('domain_volume');
    expect(counted.some((row) => row.key.includes('gmail'))).toBe(false);
    expect(counted.some((row) => row.key.includes('client-1'))).toBe(false);
    now = new Date('2030-01-03T00:30:00Z');
    expect(names(await trust.assess(post({ clientKey: 'client-3' })))).not.toContain(
      'domain_volume',
    );
  });

  it('when a look-up fails, then its signal is left out and the failure reported', async () => {
    const { ports } = memoryPorts();
    const failed: string[] = [];
    const trust = new TrustAssessor(
      {
        ...ports,
        nearPosts: { ...ports.nearPosts, activeLike: () => Promise.reject(new Error('down')) },
      },
      { onCheckFailed: (check) => failed.push(check) },
    );
    expect(names(await trust.assess(post()))).toEqual(['no_proof_of_work']);
    expect(failed).toEqual(['near_duplicate']);
  });

  it('when several signals are raised, then the score is the sum of their weights', async () => {
    const trust = new TrustAssessor(memoryPorts().ports);
    const assessment = await trust.assess(
      post({
        posterEmail: 'jobs@yahoo.com',
        emailVerified: false,
        url: 'http://bit.ly/abc',
        description: `${DESCRIPTION} Text +1 703 555 0142. Pay a small registration fee by wire transfer.`,
      }),
    );
    expect(assessment.score).toBe(
      assessment.signals.reduce((sum, raised) => sum + raised.weight, 0),
    );
    expect(names(assessment)).toEqual([
      'email_unverified',
      'free_mail',
      'apply_shortener',
      'apply_not_https',
      'contact_in_description',
      'scam_phrasing',
      'no_proof_of_work',
    ]);
  });
});
