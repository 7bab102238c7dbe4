import { SALARY_MAX_USD } from './constants.js';
import { enUsNumber } from './job-format.js';

/** Field validation messages: the words a form and the API both show. */
export const MESSAGES = {
  required: 'Required',
  invalidInput: 'Invalid input',
  /** An e-mail field's message when the field names none of its own. */
  invalidEmail: 'Invalid email',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 20 characters',
  usernameFormat: 'Username may only contain letters, numbers, underscores and hyphens',
  emailInvalid: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordComplexity: 'Password must contain uppercase, lowercase, number, and special character',
  passwordsMismatch: "Passwords don't match",
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailOrUsernameRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  currentPasswordRequired: 'Current password is required',
  resetTokenMissing: 'Invalid or missing reset token',
  termsRequired: 'You must agree to the terms',
  titleRequired: 'Title is required',
  companyRequired: 'Company is required',
  locationRequired: 'Location is required',
  descriptionRequired: 'Description is required',
  applicationUrlRequired: 'Application URL is required',
  urlInvalid: 'Must be a valid URL',
  sectorRequired: 'Sector is required',
  employerTypeRequired: 'Employer type is required',
  remoteDaysRange: 'Remote days must be between 1 and 5',
  postedAtInvalid: 'Posted date must be a valid date and time',
  autoFillUrlRequired: 'Please enter a job posting URL to auto-fill the form.',
  jobIdInvalid: 'Job id must be a valid UUID',
  applicationMethodRequired: 'Application method is required',
  followUpDateInvalid: 'Follow-up date must be a valid date',
  nothingToUpdate: 'At least one field must be provided',
  salaryInvalid: `Salary must be an amount in USD between 0 and ${enUsNumber(SALARY_MAX_USD.year)}`,
  hourlySalaryTooHigh: `An hourly salary must be at most ${enUsNumber(SALARY_MAX_USD.hour)} USD`,
  salaryMinAboveMax: 'Minimum salary must not be more than maximum salary',
  closingDateInvalid: 'Closing date must be a valid date',
} as const;

/** `{label} must be at most {max} characters`: every text field's length limit. */
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

/** `{label} must not contain control characters` (NUL, escape...; line breaks and tabs are kept). */
export const controlCharactersMessage = (label: string) =>
  `${label} must not contain control characters`;

// ERROR_MESSAGES lives in error-messages.ts: a page that needs only those (the jobs list) then
// does not carry the form messages (MESSAGES), which other pages' forms keep in the same bundle.
export { ERROR_MESSAGES } from './error-messages.js';

/** `message` of successful auth and admin responses. */
export const SUCCESS_MESSAGES = {
  registered: 'Registration successful',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out successfully',
  resetEmailSent: 'If an account exists for that email, a password reset link has been sent.',
  passwordReset: 'Password has been reset successfully',
  passwordChanged: 'Password changed successfully',
  accountDeleted: 'Account deleted successfully',
  adminLoggedIn: 'Admin login successful',
  adminLoggedOut: 'Logged out',
} as const;
