import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  JOB_CLEARANCE_LABELS,
  JOB_CLEARANCES,
  POLYGRAPH_LABELS,
  POLYGRAPHS,
  SALARY_PERIODS,
  type EmploymentType,
  type JobClearance,
  type Polygraph,
  type SalaryPeriod,
} from '@b2g/contracts';
import { Input } from './Input.js';
import { FormField } from './Label.js';
import { SimpleSelect } from './SimpleSelect.js';

/** The optional B2G job terms as a form holds them (blank and null both mean "not stated"). */
export interface JobTermsValues {
  clearance?: JobClearance | '' | null | undefined;
  polygraph?: Polygraph | '' | null | undefined;
  salaryMin?: number | null | undefined;
  salaryMax?: number | null | undefined;
  salaryPeriod?: SalaryPeriod | '' | null | undefined;
  closingDate?: string | null | undefined;
  employmentType?: EmploymentType | '' | null | undefined;
  customer?: string | null | undefined;
}

export type JobTermName = keyof JobTermsValues;

/** The names of the terms, for a form to watch. */
export const JOB_TERM_NAMES = [
  'clearance',
  'polygraph',
  'salaryMin',
  'salaryMax',
  'salaryPeriod',
  'closingDate',
  'employmentType',
  'customer',
] as const satisfies readonly JobTermName[];

/** The terms in JOB_TERM_NAMES order, as react-hook-form's `useWatch({ name: JOB_TERM_NAMES })` gives them. */
export type JobTermsTuple = [
  JobTermsValues['clearance'],
  JobTermsValues['polygraph'],
  JobTermsValues['salaryMin'],
  JobTermsValues['salaryMax'],
  JobTermsValues['salaryPeriod'],
  JobTermsValues['closingDate'],
  JobTermsValues['employmentType'],
  JobTermsValues['customer'],
];

export interface JobTermsFieldsProps {
  /** Watched by name only, so typing elsewhere in the form does not render these again. */
  values: JobTermsTuple;
  /** The form that holds the terms (react-hook-form's `useForm()`), of which these parts are used. */
  form: {
    /** `value` is of the type `name` holds. */
    setValue: (
      name: JobTermName,
      value: JobTermsValues[JobTermName],
      options: { shouldDirty: boolean; shouldValidate: boolean },
    ) => void;
    formState: {
      /** Once the form was submitted, each change is validated at once. */
      isSubmitted: boolean;
      errors: Partial<Record<JobTermName, { message?: string | undefined } | undefined>>;
    };
  };
}

/** A select's "not stated" choice (Radix selects cannot hold an empty value). */
const UNSET = 'unset';
const PERIOD_LABELS: Record<SalaryPeriod, string> = { year: 'Per year', hour: 'Per hour' };

const choices = <T extends string>(values: readonly T[], labels: Record<T, string>) => [
  { label: 'Not stated', value: UNSET },
  ...values.map((value) => ({ label: labels[value], value })),
];

/** A number input's text as an amount: blank is none; anything else is checked by the schema. */
const amountOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The admin dialog's and the public post form's clearance, polygraph, pay, closing date,
 * employment type and customer fields, as cells of the form's grid.
 */
export function JobTermsFields({ values: watched, form }: JobTermsFieldsProps) {
  const { errors, isSubmitted } = form.formState;
  const onChange = (name: JobTermName, value: JobTermsValues[JobTermName]) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const values = Object.fromEntries(
    JOB_TERM_NAMES.map((name, index) => [name, watched[index]]),
  ) as JobTermsValues;
  const select = <K extends 'clearance' | 'polygraph' | 'employmentType' | 'salaryPeriod'>(
    name: K,
    label: string,
    options: Array<{ label: string; value: string }>,
  ) => (
    <FormField label={label} error={errors[name]?.message}>
      <SimpleSelect
        options={options}
        value={values[name] || UNSET}
        onValueChange={(value) =>
          onChange(name, value === UNSET ? null : (value as JobTermsValues[K]))
        }
      />
    </FormField>
  );
  const amount = (name: 'salaryMin' | 'salaryMax', label: string) => (
    <FormField label={label} description="USD" error={errors[name]?.message}>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={values[name] ?? ''}
        onChange={(event) => onChange(name, amountOf(event.target.value))}
      />
    </FormField>
  );
  return (
    <>
      {select('clearance', 'Security Clearance', choices(JOB_CLEARANCES, JOB_CLEARANCE_LABELS))}
      {select('polygraph', 'Polygraph', choices(POLYGRAPHS, POLYGRAPH_LABELS))}
      {amount('salaryMin', 'Salary From')}
      {amount('salaryMax', 'Salary To')}
      {select('salaryPeriod', 'Salary Period', choices(SALARY_PERIODS, PERIOD_LABELS))}
      {select(
        'employmentType',
        'Employment Type',
        choices(EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS),
      )}
      <FormField label="Closing Date" error={errors.closingDate?.message}>
        <Input
          type="date"
          value={values.closingDate ?? ''}
          onChange={(event) => onChange('closingDate', event.target.value || null)}
        />
      </FormField>
      <FormField label="Customer" description="Agency or buyer" error={errors.customer?.message}>
        <Input
          value={values.customer ?? ''}
          onChange={(event) => onChange('customer', event.target.value)}
        />
      </FormField>
    </>
  );
}
