import { z } from 'zod';

/**
 * The public job-board JSON APIs of the applicant tracking systems auto fill and the freshness
 * checker read (Greenhouse, Lever, Ashby, SmartRecruiters, Workable): only the fields the jobs
 * service uses, each capped, unknown fields ignored. A response that does not parse is treated as
 * "no API answer" (auto fill then reads the page as before).
 */
const ATS_TEXT_MAX = 1_000;
/** Descriptions arrive as HTML, often several times longer than their text. */
const ATS_HTML_MAX = 400_000;
/** Jobs on one board feed (Ashby, Workable) read at most. */
const ATS_BOARD_MAX_JOBS = 5_000;

const text = z.string().max(ATS_TEXT_MAX);
const html = z.string().max(ATS_HTML_MAX);
const amount = z.number().min(0).max(100_000_000);
const named = z.object({ name: text.nullish() });

/** GET boards-api.greenhouse.io/v1/boards/{board}/jobs/{id}?pay_transparency=true */
export const greenhouseJobSchema = z.object({
  id: z.number().int(),
  title: text,
  company_name: text.nullish(),
  location: named.nullish(),
  /** Entity-escaped HTML. */
  content: html.nullish(),
  absolute_url: text.nullish(),
  offices: z
    .array(named.extend({ location: text.nullish() }))
    .max(50)
    .nullish(),
  metadata: z
    .array(
      z.object({
        name: text,
        value: z.union([text, z.number(), z.boolean(), z.array(text).max(50)]).nullish(),
      }),
    )
    .max(100)
    .nullish(),
  pay_input_ranges: z
    .array(
      z.object({
        min_cents: amount.nullish(),
        max_cents: amount.nullish(),
        currency_type: text.nullish(),
        title: text.nullish(),
      }),
    )
    .max(20)
    .nullish(),
});
export type GreenhouseJob = z.infer<typeof greenhouseJobSchema>;

/** GET api.lever.co/v0/postings/{company}/{id} */
export const leverPostingSchema = z.object({
  id: text,
  text,
  categories: z
    .object({
      commitment: text.nullish(),
      location: text.nullish(),
      team: text.nullish(),
      department: text.nullish(),
    })
    .nullish(),
  workplaceType: text.nullish(),
  descriptionPlain: html.nullish(),
  description: html.nullish(),
  lists: z
    .array(z.object({ text: text.nullish(), content: html.nullish() }))
    .max(50)
    .nullish(),
  additionalPlain: html.nullish(),
  hostedUrl: text.nullish(),
  salaryRange: z
    .object({
      currency: text.nullish(),
      interval: text.nullish(),
      min: amount.nullish(),
      max: amount.nullish(),
    })
    .nullish(),
});
export type LeverPosting = z.infer<typeof leverPostingSchema>;

const ashbyJobSchema = z.object({
  id: text,
  title: text,
  location: text.nullish(),
  employmentType: text.nullish(),
  isRemote: z.boolean().nullish(),
  workplaceType: text.nullish(),
  isListed: z.boolean().nullish(),
  descriptionPlain: html.nullish(),
  descriptionHtml: html.nullish(),
  jobUrl: text.nullish(),
  address: z
    .object({
      postalAddress: z
        .object({ addressLocality: text.nullish(), addressRegion: text.nullish() })
        .nullish(),
    })
    .nullish(),
  compensation: z
    .object({
      summaryComponents: z
        .array(
          z.object({
            compensationType: text.nullish(),
            interval: text.nullish(),
            currencyCode: text.nullish(),
            minValue: amount.nullish(),
            maxValue: amount.nullish(),
          }),
        )
        .max(20)
        .nullish(),
    })
    .nullish(),
});

/** GET api.ashbyhq.com/posting-api/job-board/{board}?includeCompensation=true */
export const ashbyJobBoardSchema = z.object({
  jobs: z.array(ashbyJobSchema).max(ATS_BOARD_MAX_JOBS),
});
export type AshbyJob = z.infer<typeof ashbyJobSchema>;

/** GET api.smartrecruiters.com/v1/companies/{company}/postings/{id} */
export const smartRecruitersPostingSchema = z.object({
  id: text,
  name: text,
  company: named.nullish(),
  location: z
    .object({
      city: text.nullish(),
      region: text.nullish(),
      country: text.nullish(),
      remote: z.boolean().nullish(),
      hybrid: z.boolean().nullish(),
    })
    .nullish(),
  typeOfEmployment: z.object({ id: text.nullish(), label: text.nullish() }).nullish(),
  experienceLevel: z.object({ id: text.nullish() }).nullish(),
  active: z.boolean().nullish(),
  jobAd: z
    .object({
      sections: z
        .record(text, z.object({ title: text.nullish(), text: html.nullish() }).nullish())
        .nullish(),
    })
    .nullish(),
});
export type SmartRecruitersPosting = z.infer<typeof smartRecruitersPostingSchema>;

const workableJobSchema = z.object({
  title: text,
  shortcode: text,
  employment_type: text.nullish(),
  telecommuting: z.boolean().nullish(),
  city: text.nullish(),
  state: text.nullish(),
  country: text.nullish(),
  description: html.nullish(),
  url: text.nullish(),
});

/** GET apply.workable.com/api/v1/widget/accounts/{account}?details=true */
export const workableAccountSchema = z.object({
  name: text.nullish(),
  jobs: z.array(workableJobSchema).max(ATS_BOARD_MAX_JOBS),
});
export type WorkableJob = z.infer<typeof workableJobSchema>;
