import { randomInt } from 'node:crypto';
import { POST_HONEYPOT_FIELD, type CreateJobRequest, type CreateJobResponse } from '@b2g/contracts';
import request from 'supertest';
import { expect } from 'vitest';
import { publicPost, tokens, type RunningInstance } from './support.js';

// Words that make each test post's text its own, so that no post is a near-duplicate of another.
const WORDS = (
  'acquisition agency analyst audit budget capture civilian cloud compliance contract cyber data ' +
  'defense deliver digital energy engineer federal finance grant health housing identity ' +
  'infrastructure intelligence justice logistics maritime mission modernize network nuclear ' +
  'operations pipeline policy portfolio procurement program proposal quantum readiness records ' +
  'regional research satellite schedule security signals software solicitation space strategy ' +
  'supply systems telecom training transit treasury veterans water weather wireless workforce'
).split(' ');

/** A sentence of random words: a post's text no other post shares. */
export const uniqueText = (words = 14) =>
  Array.from({ length: words }, () => WORDS[randomInt(WORDS.length)]).join(' ');

let client = 0;

/** A public post body of its own text, on its own apply host unless overridden. */
export function ownPost(overrides: Partial<CreateJobRequest> = {}): Partial<CreateJobRequest> {
  return publicPost({
    title: `${uniqueText(3)} Manager`,
    company: `${uniqueText(2)} Federal`,
    description: `${uniqueText()}. ${uniqueText()}.`,
    ...overrides,
  });
}

/** A post the assessment holds: its honeypot is filled. */
export const riskyPost = (overrides: Partial<CreateJobRequest> = {}) =>
  ownPost({ [POST_HONEYPOT_FIELD]: 'call me', ...overrides });

/**
 * POST /api/jobs from a client address of its own (the per-client volume signal stays quiet);
 * returns the answer.
 */
export function postFrom(instance: RunningInstance, body: Partial<CreateJobRequest>) {
  client += 1;
  return request(instance.app)
    .post('/api/jobs')
    .set('X-Forwarded-For', `198.51.100.${client % 250}`)
    .send(body);
}

/** Posts and expects 201 with `status`; returns the answer. */
export async function posted(
  instance: RunningInstance,
  body: Partial<CreateJobRequest>,
  status: CreateJobResponse['status'],
): Promise<CreateJobResponse> {
  const res = await postFrom(instance, body);
  expect(res.status).toBe(201);
  expect((res.body as CreateJobResponse).status).toBe(status);
  return res.body as CreateJobResponse;
}

/** An admin call on `instance`. */
export const asAdmin = (instance: RunningInstance) => ({
  get: (path: string) => request(instance.app).get(path).set('Cookie', tokens.adminCookie()),
  post: (path: string, body?: object) =>
    request(instance.app)
      .post(path)
      .set('Cookie', tokens.adminCookie())
      .send(body ?? {}),
  delete: (path: string) => request(instance.app).delete(path).set('Cookie', tokens.adminCookie()),
});
