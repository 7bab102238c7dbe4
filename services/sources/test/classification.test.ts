import { readFileSync } from 'node:fs';
import {
  experienceLevelSchema,
  jobClearanceSchema,
  jobFunctionSchema,
  polygraphSchema,
  salaryPeriodSchema,
  sectorSchema,
} from '@b2g/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LABELLED_POSTINGS_FILE,
  generateLabelledPostings,
  type LabelledPosting,
} from './fixtures/generate-labelled-postings.js';
import { HANDWRITTEN_POSTINGS } from './fixtures/handwritten-postings.js';
import { measure, type Figures } from './measure.js';

const labelSchema = z.object({
  b2g: z.boolean(),
  jobFunction: jobFunctionSchema.nullable(),
  sector: sectorSchema.nullable(),
  clearance: jobClearanceSchema,
  polygraph: polygraphSchema,
  experienceLevel: experienceLevelSchema,
  remoteDays: z.number().int().min(1).max(5).nullable(),
  salary: z.object({ min: z.number(), max: z.number(), period: salaryPeriodSchema }).nullable(),
  hardCase: z.string().optional(),
});

const generated = JSON.parse(readFileSync(LABELLED_POSTINGS_FILE, 'utf8')) as LabelledPosting[];
const labelled = [...generated, ...HANDWRITTEN_POSTINGS];

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const summary = (name: string, f: Figures) =>
  `${name}: ${f.postings} postings (${f.b2g} B2G); live ${f.live}, pending ${f.pending} ` +
  `(${f.pendingB2g} B2G), excluded ${f.excluded} (${f.excludedB2g} B2G); ` +
  `B2G precision ${percent(f.precision)}, recall ${percent(f.recall)}; ` +
  `function ${percent(f.functionAccuracy)}, sector ${percent(f.sectorAccuracy)}, ` +
  `clearance ${percent(f.clearanceAccuracy)}, polygraph ${percent(f.polygraphAccuracy)}, ` +
  `experience ${percent(f.experienceAccuracy)}, remote days ${percent(f.remoteAccuracy)}, ` +
  `salary ${percent(f.salaryAccuracy)}`;

describe('the labelled postings', () => {
  it('when the generator runs again, then it writes the committed file', () => {
    expect(generated).toEqual(generateLabelledPostings());
  });

  it('when they are counted, then there are 400 or more, 45 % or more not B2G, every label valid', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(400);
    expect(new Set(labelled.map((item) => item.id)).size).toBe(labelled.length);
    const other = labelled.filter((item) => !item.label.b2g).length;
    expect(other / labelled.length).toBeGreaterThanOrEqual(0.45);
    for (const item of labelled) expect(labelSchema.parse(item.label)).toEqual(item.label);
    const b2g = labelled.filter((item) => item.label.b2g);
    expect(new Set(b2g.map((item) => item.label.jobFunction))).toEqual(
      new Set(['sales', 'marketing', 'technical']),
    );
    expect(new Set(b2g.map((item) => item.label.sector))).toEqual(
      new Set(['FEDERAL', 'STATE_LOCAL', 'EDUCATION', 'BOTH']),
    );
  });
});

describe('classification of the labelled postings', () => {
  const whole = measure(labelled);
  const handwritten = measure(HANDWRITTEN_POSTINGS);

  it('when the whole set is classified, then function ≥ 90 % and B2G precision ≥ 90 % at recall ≥ 80 %', () => {
    // eslint-disable-next-line no-console -- the figures services/sources/README.md reports
    console.log(
      `${summary('all', whole.figures)}\n${summary('hand-written', handwritten.figures)}`,
    );
    expect(whole.figures.functionAccuracy).toBeGreaterThanOrEqual(0.9);
    expect(whole.figures.precision).toBeGreaterThanOrEqual(0.9);
    expect(whole.figures.recall).toBeGreaterThanOrEqual(0.8);
    expect(whole.figures.clearanceAccuracy).toBeGreaterThanOrEqual(0.9);
    expect(whole.figures.polygraphAccuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('when only the hand-written postings are classified, then precision ≥ 90 % at recall ≥ 80 %', () => {
    expect(handwritten.figures.precision).toBeGreaterThanOrEqual(0.9);
    expect(handwritten.figures.recall).toBeGreaterThanOrEqual(0.8);
    expect(handwritten.figures.functionAccuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('when a posting is classified, then its verdict comes with a confidence and reasons', () => {
    for (const { result } of whole.outcomes) {
      expect(result.confidence).toBeGreaterThanOrEqual(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
      expect(result.reasons.length).toBeGreaterThanOrEqual(3);
      expect(result.reasons.at(-1)).toMatch(/goes live|waits for review|kept out/);
    }
  });
});
