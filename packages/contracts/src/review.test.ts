import { describe, expect, it } from 'vitest';
import { fieldErrors, SAMPLE_POST as post } from '../test/support.js';
import { adminJobsQuerySchema, createJobRequestSchema } from './jobs.js';
import {
  banRequestSchema,
  POST_HONEYPOT_FIELD,
  POST_PROOF_FIELD,
  POST_PROOF_MAX_LENGTH,
  rejectRequestSchema,
  REVIEW_MESSAGES,
} from './review.js';

describe('the public post keeps its shape and may carry a honeypot and a proof of work', () => {
  it('when neither is sent, then the post parses as the spec sends it', () => {
    const parsed = createJobRequestSchema.parse(post);
    expect(parsed[POST_HONEYPOT_FIELD]).toBeUndefined();
    expect(parsed[POST_PROOF_FIELD]).toBeUndefined();
  });

  it('when a proof is longer than its limit, then the post is refused', () => {
    const proof = 'a'.repeat(POST_PROOF_MAX_LENGTH + 1);
    expect(createJobRequestSchema.safeParse({ ...post, [POST_PROOF_FIELD]: proof }).success).toBe(
      false,
    );
  });
});

describe('review requests', () => {
  it('when a rejection has no reason, then it gets the reason message', () => {
    expect(fieldErrors(rejectRequestSchema, { reason: '  ' }).reason).toEqual([
      REVIEW_MESSAGES.reasonRequired,
    ]);
    expect(rejectRequestSchema.parse({ reason: ' Scam ' }).reason).toBe('Scam');
  });

  it('when a ban names a domain, then it is lowercased; an IP, URL or single label is refused', () => {
    expect(banRequestSchema.parse({ kind: 'email_domain', value: ' Spam.Example ' }).value).toBe(
      'spam.example',
    );
    for (const value of ['10.0.0.1', 'https://spam.example', 'localhost', 'spam.example/x', '']) {
      expect(fieldErrors(banRequestSchema, { kind: 'apply_host', value }).value).toEqual([
        REVIEW_MESSAGES.banValueInvalid,
      ]);
    }
    expect(banRequestSchema.safeParse({ kind: 'ip', value: 'spam.example' }).success).toBe(false);
  });

  it('when the admin list asks for pending posts, then only that status is accepted', () => {
    expect(adminJobsQuerySchema.parse({ status: 'pending' }).status).toBe('pending');
    expect(adminJobsQuerySchema.safeParse({ status: 'rejected' }).success).toBe(false);
  });
});
