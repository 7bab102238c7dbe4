import type { AuthResponse } from '@b2g/contracts';
import { ApiError } from '@b2g/web-platform';

/** An answer with `success: false` counts as a failure, with the server's message. */
export function assertAuthSuccess(
  answer: AuthResponse | { success: false; message?: string },
): AuthResponse {
  if (answer.success !== true) {
    throw new ApiError(200, JSON.stringify({ message: answer.message ?? '' }), 'OK');
  }
  return answer;
}
