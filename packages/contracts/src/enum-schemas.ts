import { z } from 'zod';
import {
  ADMIN_SOURCE_CHOICES,
  APPLICATION_METHODS,
  APPLICATION_STATUSES,
  CLEARANCE_LEVELS,
  EMPLOYER_TYPES,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  JOB_CLEARANCES,
  JOB_FUNCTIONS,
  POLYGRAPHS,
  SALARY_PERIODS,
  SECTORS,
} from './enums.js';

export const clearanceLevelSchema = z.enum(CLEARANCE_LEVELS);
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export const applicationMethodSchema = z.enum(APPLICATION_METHODS);
export const sectorSchema = z.enum(SECTORS);
export const employerTypeSchema = z.enum(EMPLOYER_TYPES);
export const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS);
export const jobFunctionSchema = z.enum(JOB_FUNCTIONS);
export const adminSourceChoiceSchema = z.enum(ADMIN_SOURCE_CHOICES);
export const jobClearanceSchema = z.enum(JOB_CLEARANCES);
export const polygraphSchema = z.enum(POLYGRAPHS);
export const salaryPeriodSchema = z.enum(SALARY_PERIODS);
export const employmentTypeSchema = z.enum(EMPLOYMENT_TYPES);
