import { serviceUnavailable } from '@b2g/service-kit';
import { request, type Agent } from 'undici';
import { z } from 'zod';
import { serviceAgent } from './http.js';

const meSchema = z.object({ user: z.object({ email: z.email() }) });

/** The auth service, asked for the signed-in caller's e-mail address (the token does not carry it). */
export class AuthApi {
  private readonly agent: Agent;

  constructor(private readonly options: { baseUrl: string; timeoutMs: number }) {
    this.agent = serviceAgent(options.timeoutMs, 8);
  }

  /** GET /api/auth/me with the caller's own token; 503 when auth does not answer usefully. */
  async emailOf(bearerToken: string): Promise<string> {
    try {
      const { statusCode, body } = await request(`${this.options.baseUrl}/api/auth/me`, {
        dispatcher: this.agent,
        headers: { accept: 'application/json', authorization: `Bearer ${bearerToken}` },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (statusCode !== 200) {
        await body.dump();
        throw new Error(`auth answered ${statusCode}`);
      }
      return meSchema.parse(await body.json()).user.email.toLowerCase();
    } catch {
      throw serviceUnavailable('Saved searches are unavailable right now, please try again');
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
