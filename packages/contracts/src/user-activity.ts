import { z } from 'zod';
import { activityItemSchema, applicationWithJobSchema, bookmarkWithJobSchema } from './entities.js';
import { applicationStatusSchema } from './enum-schemas.js';
import { APPLICATION_METHODS } from './enums.js';
import {
  clearableEmail,
  clearableText,
  dateOrDateTime,
  jobIdSchema,
  optionalEmail,
  optionalText,
} from './fields.js';
import { MESSAGES } from './messages.js';

const followUpDateSchema = dateOrDateTime(MESSAGES.followUpDateInvalid);

export const createBookmarkRequestSchema = z.object({
  jobId: jobIdSchema,
  notes: optionalText(),
});
export type CreateBookmarkRequest = z.infer<typeof createBookmarkRequestSchema>;

export const bookmarkJobIdParamSchema = z.object({ jobId: jobIdSchema });
export type BookmarkJobIdParam = z.infer<typeof bookmarkJobIdParamSchema>;

export const createApplicationRequestSchema = z.object({
  jobId: jobIdSchema,
  applicationMethod: z.enum(APPLICATION_METHODS, MESSAGES.applicationMethodRequired),
  contactPerson: optionalText(),
  contactEmail: optionalEmail(),
  notes: optionalText(),
  followUpDate: z
    .string(MESSAGES.followUpDateInvalid)
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .pipe(followUpDateSchema.optional()),
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

export const applicationIdParamSchema = z.object({ id: z.string().min(1) });
export type ApplicationIdParam = z.infer<typeof applicationIdParamSchema>;

export const updateApplicationRequestSchema = z
  .object({
    status: applicationStatusSchema.optional(),
    notes: clearableText(),
    followUpDate: z
      .string(MESSAGES.followUpDateInvalid)
      .trim()
      .nullish()
      .transform((value) => (value === '' ? null : value))
      .pipe(followUpDateSchema.nullish()),
    contactPerson: clearableText(),
    contactEmail: clearableEmail(),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    MESSAGES.nothingToUpdate,
  );
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequestSchema>;

export const bookmarkListResponseSchema = z.array(bookmarkWithJobSchema);
export const applicationListResponseSchema = z.array(applicationWithJobSchema);
export const activityListResponseSchema = z.array(activityItemSchema);
