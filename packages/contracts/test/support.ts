import { z } from 'zod';

/** The messages `schema` gives for each field of `input`; none when it parses. */
export function fieldErrors(schema: z.ZodType, input: unknown): Partial<Record<string, string[]>> {
  const result = schema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

/** A valid public job post body (createJobRequestSchema), without the post form's terms box. */
export const SAMPLE_POST = {
  title: 'Federal Account Executive',
  company: 'Acme Gov',
  location: 'Washington, DC',
  description: 'Sell to civilian agencies.',
  url: 'https://jobs.acme.example/123',
  sector: 'FEDERAL',
};
