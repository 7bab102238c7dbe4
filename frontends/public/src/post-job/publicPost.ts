import {
  POST_HONEYPOT_FIELD,
  POST_PROOF_FIELD,
  REVIEW_MESSAGES,
  type CreateJobRequest,
  type CreateJobResponse,
} from '@b2g/contracts';
import { apiRequest } from '@b2g/web-platform';

export const PUBLIC_POST_PATH = '/api/jobs';

/** What the browser adds to a public post: the honeypot's text and the proof of work's payload. */
export interface PostGuards {
  honeypot: string;
  proof: string | undefined;
}

/** The post's body: each guard goes only when it holds something. */
export function publicPostBody(job: CreateJobRequest, { honeypot, proof }: PostGuards) {
  return {
    ...job,
    ...(honeypot ? { [POST_HONEYPOT_FIELD]: honeypot } : {}),
    ...(proof ? { [POST_PROOF_FIELD]: proof } : {}),
  } satisfies CreateJobRequest;
}

/** POST /api/jobs: the job, and whether it is live or waits for review. */
export function postPublicJob(job: CreateJobRequest, guards: PostGuards) {
  return apiRequest<CreateJobResponse>('POST', PUBLIC_POST_PATH, publicPostBody(job, guards));
}

/** What a post waiting for review tells its poster, by whether they gave an address to write to. */
export function pendingNotice(posterEmail: string | undefined): string {
  return posterEmail ? REVIEW_MESSAGES.pendingNotice : REVIEW_MESSAGES.pendingNoticeNoEmail;
}
