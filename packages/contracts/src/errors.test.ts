import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERROR_CODES, ERROR_HTTP_STATUS, errorBodySchema, toFieldErrors } from './errors.js';
import { ERROR_MESSAGES } from './messages.js';

describe('errorBodySchema', () => {
  it('when an error body carries a known code, then it parses', () => {
    const body = { error: { code: 'NOT_FOUND', message: ERROR_MESSAGES.jobNotFound } };

    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('when the code is unknown, then it is rejected', () => {
    expect(errorBodySchema.safeParse({ error: { code: 'TEAPOT', message: 'no' } }).success).toBe(
      false,
    );
  });

  it('when mapping codes to statuses, then every code has a distinct HTTP status', () => {
    const statuses = ERROR_CODES.map((code) => ERROR_HTTP_STATUS[code]);

    expect(new Set(statuses).size).toBe(ERROR_CODES.length);
  });
});

describe('toFieldErrors', () => {
  it('when a nested field fails, then its path is joined with dots', () => {
    const result = z
      .object({ job: z.object({ title: z.string().min(1, 'Title is required') }) })
      .safeParse({
        job: { title: '' },
      });

    expect(result.success ? [] : toFieldErrors(result.error)).toEqual([
      { path: 'job.title', message: 'Title is required' },
    ]);
  });
});
