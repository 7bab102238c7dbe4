import { request, type Agent } from 'undici';
import { z } from 'zod';
import { serviceAgent } from './http.js';

/** What this service reads of a job from the jobs API (extra fields are ignored). */
const jobResponseSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  link: z.string().nullish(),
  url: z.string().nullish(),
  applyUrl: z.string().nullish(),
  deletedAt: z.string().nullish(),
});
export type JobResponse = z.infer<typeof jobResponseSchema>;

/** The jobs service did not give a usable answer (down, slow, or an unexpected reply). */
export class JobsApiError extends Error {
  override readonly name = 'JobsApiError';
}

export interface JobsApiOptions {
  /** e.g. http://127.0.0.1:4002 (no trailing slash) */
  baseUrl: string;
  timeoutMs: number;
}

/** GET /api/jobs/:id of the jobs service over a keep-alive connection pool. */
export class JobsApi {
  private readonly agent: Agent;

  constructor(private readonly options: JobsApiOptions) {
    this.agent = serviceAgent(options.timeoutMs, 16);
  }

  /** The job, or `undefined` when the jobs service answers 404 (unknown or deleted). */
  async getJob(id: string): Promise<JobResponse | undefined> {
    const url = `${this.options.baseUrl}/api/jobs/${encodeURIComponent(id)}`;
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(url, {
        dispatcher: this.agent,
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new JobsApiError(`jobs service unreachable: ${(error as Error).message}`, {
        cause: error,
      });
    }
    const { statusCode, body } = response;
    if (statusCode === 404) {
      await body.dump();
      return undefined;
    }
    if (statusCode !== 200) {
      await body.dump();
      throw new JobsApiError(`jobs service answered ${statusCode}`);
    }
    let parsed: z.ZodSafeParseResult<JobResponse>;
    try {
      parsed = jobResponseSchema.safeParse(await body.json());
    } catch (error) {
      throw new JobsApiError('jobs service sent a body that is not JSON', { cause: error });
    }
    if (!parsed.success || parsed.data.id !== id) {
      throw new JobsApiError('jobs service sent an unexpected job body');
    }
    return parsed.data;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
