import { z } from 'zod';

/** The messages `schema` gives for each field of `input`; none when it parses. */
export function fieldErrors(schema: z.ZodType, input: unknown): Partial<Record<string, string[]>> {
  const result = schema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}
