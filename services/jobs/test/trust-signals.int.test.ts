import { postChallengeSchema } from '@b2g/contracts';
import express from 'express';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTrustPorts } from '../src/data/trust-ports.js';
import { POST_VOLUME_COLLECTION, USED_PROOFS_COLLECTION } from '../src/data/trust-stores.js';
import { TrustAssessor, type PostToAssess, type TrustOptions } from '../src/domain/trust/assess.js';
import { postChallengeRoutes } from '../src/routes/post-challenge.js';
import { createAdminJob, instanceForFile, logger, newWorld, refreshSearch } from './support.js';
import { solveProof } from './fixtures/proof.js';

const world = newWorld();
const jobs = instanceForFile(world);

const DESCRIPTION =
  'Own a territory of federal civilian agencies and grow it through GSA Schedule and SEWP ' +
  'contract vehicles. Work with our channel partners and resellers to build pipeline, run ' +
  'executive briefings and close multi-year enterprise agreements for our cloud platform.';

function assessor(options: TrustOptions = {}) {
  const ports = createTrustPorts({
    connection: jobs.connection,
    search: jobs.search,
    alias: world.alias,
    logger,
  });
  return new TrustAssessor(ports, {
    proof: { hmacKey: 'int-test-key', maxNumber: 500 },
    ...options,
  });
}

let counter = 0;
function post(overrides: Partial<PostToAssess> = {}): PostToAssess {
  counter += 1;
  return {
    title: 'Federal Account Executive',
    company: 'Keystone Federal Systems',
    location: 'Arlington, VA',
    description: DESCRIPTION,
    url: `https://careers.keystone.example/jobs/${counter}`,
    isAgencyRole: false,
    posterEmail: `jane${counter}@keystone.example`,
    emailVerified: true,
    clientKey: `client-${counter}-${Date.now()}`,
    ...overrides,
  };
}

const signalOf = async (trust: TrustAssessor, input: PostToAssess, name: string) =>
  (await trust.assess(input)).signals.find((raised) => raised.signal === name);

describe('near-duplicates through OpenSearch', () => {
  it('when a post repeats an active job with a few words changed, then near_duplicate names that job; its own edit does not', async () => {
    const job = await createAdminJob(jobs, {
      title: 'Federal Account Executive',
      company: 'Keystone Federal Systems',
      description: DESCRIPTION,
    });
    await createAdminJob(jobs, {
      title: 'Product Marketing Manager, State and Local',
      description:
        'Lead launches and messaging for our permitting and licensing suite sold to cities and counties, with analyst relations and field enablement.',
    });
    await refreshSearch(world);
    const trust = assessor();
    const repeat = post({
      company: 'Quick Staffing',
      description: DESCRIPTION.replace('multi-year', 'three-year'),
    });
    const raised = await signalOf(trust, repeat, 'near_duplicate');
    expect(raised?.evidence).toMatch(new RegExp(`% like active job ${job.id} `));
    expect(await signalOf(trust, { ...repeat, excludeJobId: job.id }, 'near_duplicate')).toBe(
      undefined,
    );
    const different = post({
      title: 'Solutions Architect',
      description:
        'Design AWS GovCloud migrations for defense customers, write Terraform modules, lead technical discovery and support FedRAMP High authorisations with our security team.',
    });
    expect(await signalOf(trust, different, 'near_duplicate')).toBeUndefined();
  });

  it('when a post repeats a rejected one, then near_duplicate holds it alone, found in the rejected posts index', async () => {
    const trust = assessor();
    const scam = post({
      title: 'Remote Data Entry Clerk',
      company: 'Global Logistics Partners',
      description:
        'Work from home on your own hours. We send you a check for equipment; deposit it and wire the remainder to our vendor. Training provided, start today, weekly pay to your bank account.',
    });
    expect(await signalOf(trust, scam, 'near_duplicate')).toBeUndefined();
    await trust.rememberRejected('rejected-1', scam);
    const again = { ...scam, company: 'Global Logistic Partner', title: 'Data Entry Clerk' };
    const raised = await signalOf(trust, again, 'near_duplicate');
    expect(raised?.evidence).toMatch(/% like rejected post rejected-1 /);
    expect(raised?.weight).toBeGreaterThanOrEqual(5);
    const indices = await jobs.search.indices.exists({ index: `${world.alias}-rejected-posts` });
    expect(indices.body).toBe(true);
  });
});

describe('24-hour volumes in FerretDB', () => {
  it('when a domain or a client posted more than its limit, then the next post raises domain_volume or client_volume', async () => {
    const trust = assessor({ volume: { perDomain: 2, perClient: 3 } });
    const domain = `volume-${Date.now()}.example`;
    const client = `volume-client-${Date.now()}`;
    const from = (n: number, clientKey = `${client}-${n}`) =>
      post({ posterEmail: `p${n}@${domain}`, clientKey });
    await trust.recordPost(from(1));
    expect(await signalOf(trust, from(2), 'domain_volume')).toBeUndefined();
    await trust.recordPost(from(2));
    expect((await signalOf(trust, from(3), 'domain_volume'))?.evidence).toBe(
      `2 posts from ${domain} in the last 24 hours (limit 2)`,
    );
    for (const n of [4, 5, 6])
      await trust.recordPost(post({ clientKey: client, posterEmail: `x@${n}.example` }));
    expect((await signalOf(trust, post({ clientKey: client }), 'client_volume'))?.evidence).toBe(
      '3 posts from this client in the last 24 hours (limit 3)',
    );
    const stored = await jobs.connection.collection(POST_VOLUME_COLLECTION).find({}).toArray();
    expect(stored.some((doc) => String(doc.key).includes(client))).toBe(false);
  });
});

describe('proof of work', () => {
  const app = express();
  let trust: TrustAssessor;
  beforeAll(() => {
    trust = assessor();
  });
  app.use(postChallengeRoutes({ challenge: () => trust.challenge() }));
  const challenge = async () => {
    const res = await request(app).get('/api/jobs/post-challenge');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return postChallengeSchema.parse(res.body);
  };
  const proofSignal = (proof: string | undefined, on?: TrustAssessor) =>
    signalOf(on ?? trust, post({ proof }), 'no_proof_of_work');

  it('when the form asks the jobs service for a challenge, then it gets a fresh signed one that no cache may keep', async () => {
    const first = await request(jobs.app).get('/api/jobs/post-challenge');
    const second = await request(jobs.app).get('/api/jobs/post-challenge');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const [a, b] = [first.body, second.body].map((body) => postChallengeSchema.parse(body));
    expect(a?.algorithm).toBe('SHA-256');
    expect(a?.salt).toMatch(/\?expires=\d+/);
    expect(a?.salt).not.toBe(b?.salt);
  });

  it('when the answer to a served challenge comes once, then it counts; the second time it is replayed', async () => {
    const proof = await solveProof(await challenge());
    expect(await proofSignal(proof)).toBeUndefined();
    expect((await proofSignal(proof))?.evidence).toBe('the proof of work was used before');
    const salts = await jobs.connection.collection(USED_PROOFS_COLLECTION).countDocuments({});
    expect(salts).toBeGreaterThanOrEqual(1);
  });

  it('when another instance shares the key, then it accepts the answer once too', async () => {
    const proof = await solveProof(await challenge());
    expect(await proofSignal(proof, assessor())).toBeUndefined();
    expect((await proofSignal(proof))?.evidence).toBe('the proof of work was used before');
  });

  it('when the answer is forged (another key, a changed number or signature), then it does not count', async () => {
    const served = await challenge();
    const proof = await solveProof(served);
    const decoded = JSON.parse(Buffer.from(proof, 'base64').toString()) as { number: number };
    const changed = Buffer.from(
      JSON.stringify({ ...decoded, number: decoded.number + 1 }),
    ).toString('base64');
    const invalid = 'the proof of work is not a solved challenge of this site';
    expect((await proofSignal(changed))?.evidence).toBe(invalid);
    const otherKey = new TrustAssessor(
      createTrustPorts({
        connection: jobs.connection,
        search: jobs.search,
        alias: world.alias,
        logger,
      }),
      { proof: { hmacKey: 'another-key', maxNumber: 500 } },
    );
    expect((await proofSignal(await solveProof(await otherKey.challenge())))?.evidence).toBe(
      invalid,
    );
  });

  it('when the challenge expired before the post, then it does not count', async () => {
    let now = new Date();
    const timed = assessor({ now: () => now });
    const proof = await solveProof(await timed.challenge());
    now = new Date(now.getTime() + 60 * 60_000);
    expect((await proofSignal(proof, timed))?.evidence).toBe(
      'the proof of work answers an expired challenge',
    );
  });
});
