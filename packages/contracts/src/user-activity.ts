import { z } from 'zod';
import { activityItemSchema, applicationWithJobSchema, bookmarkWithJobSchema } from './entities.js';
import { TEXT_MAX_LENGTH } from './constants.js';
import { applicationStatusSchema } from './enum-schemas.js';
import { APPLICATION_METHODS } from './enums.js';
import {
  clearableEmail,
  clearableText,
  dateOrDateTime,
  jobIdSchema,
  optionalEmail,
  optionalText,
  textLimit,
} from './fields.js';
import { MESSAGES } from './messages.js';

const NOTES_LIMIT = textLimit('Notes', TEXT_MAX_LENGTH.notes, true);
const CONTACT_PERSON_LIMIT = textLimit('Contact person', TEXT_MAX_LENGTH.name);

const followUpDateSchema = dateOrDateTime(MESSAGES.followUpDateInvalid);

export const createBookmarkRequestSchema = z.strictObject({
  jobId: jobIdSchema,
  notes: optionalText(NOTES_LIMIT),
});
export type CreateBookmarkRequest = z.infer<typeof createBookmarkRequestSchema>;

export const bookmarkJobIdParamSchema = z.object({ jobId: jobIdSchema });

export const createApplicationRequestSchema = z.strictObject({
  jobId: jobIdSchema,
  applicationMethod: z.enum(APPLICATION_METHODS, MESSAGES.applicationMethodRequired),
  /** Where the application stands when it is recorded (tracked late, say); default 'applied'. */
  status: applicationStatusSchema.optional(),
  contactPerson: optionalText(CONTACT_PERSON_LIMIT),
  contactEmail: optionalEmail(MESSAGES.emailInvalid),
  notes: optionalText(NOTES_LIMIT),
  followUpDate: z
    .string(MESSAGES.followUpDateInvalid)
    .trim()
    .nullish()
    .transform((value) => value || undefined)
    .pipe(followUpDateSchema.optional()),
});
export type CreateApplicationRequest = z.infer<typeof createApplicationRequestSchema>;

export const applicationIdParamSchema = z.object({
  id: z.string().min(1).max(TEXT_MAX_LENGTH.id),
});

export const updateApplicationRequestSchema = z
  .strictObject({
    status: applicationStatusSchema.optional(),
    notes: clearableText(NOTES_LIMIT),
    followUpDate: z
      .string(MESSAGES.followUpDateInvalid)
      .trim()
      .nullish()
      .transform((value) => (value === '' ? null : value))
      .pipe(followUpDateSchema.nullish()),
    contactPerson: clearableText(CONTACT_PERSON_LIMIT),
    contactEmail: clearableEmail(MESSAGES.emailInvalid),
  })
  .refine(
    (body) => Object.values(body).some((value) => value !== undefined),
    MESSAGES.nothingToUpdate,
  );
export type UpdateApplicationRequest = z.infer<typeof updateApplicationRequestSchema>;

export const bookmarkListResponseSchema = z.array(bookmarkWithJobSchema);
export const applicationListResponseSchema = z.array(applicationWithJobSchema);
export const activityListResponseSchema = z.array(activityItemSchema);
