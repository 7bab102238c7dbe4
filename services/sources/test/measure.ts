import { classify, type Classification } from '../src/domain/classification/index.js';
import type { LabelledPosting } from './fixtures/generate-labelled-postings.js';

export interface Figures {
  postings: number;
  b2g: number;
  live: number;
  pending: number;
  excluded: number;
  truePositives: number;
  /** Among postings that went live, the share that are B2G. */
  precision: number;
  /** Among B2G postings, the share that went live. */
  recall: number;
  /** B2G postings waiting for review, and non-B2G ones. */
  pendingB2g: number;
  pendingOther: number;
  /** Non-B2G postings kept out, and B2G ones wrongly kept out. */
  excludedOther: number;
  excludedB2g: number;
  functionAccuracy: number;
  sectorAccuracy: number;
  clearanceAccuracy: number;
  polygraphAccuracy: number;
  experienceAccuracy: number;
  remoteAccuracy: number;
  salaryAccuracy: number;
}

export interface Outcome {
  item: LabelledPosting;
  result: Classification;
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const rate = <T>(items: T[], correct: (item: T) => boolean) =>
  share(items.filter(correct).length, items.length);

export function measure(items: LabelledPosting[]): { figures: Figures; outcomes: Outcome[] } {
  const outcomes = items.map((item) => ({ item, result: classify(item.posting) }));
  const b2g = outcomes.filter((o) => o.item.label.b2g);
  const other = outcomes.filter((o) => !o.item.label.b2g);
  const live = outcomes.filter((o) => o.result.decision === 'live');
  const truePositives = live.filter((o) => o.item.label.b2g).length;
  const count = (list: Outcome[], decision: Classification['decision']) =>
    list.filter((o) => o.result.decision === decision).length;
  const sameSalary = ({ item, result }: Outcome) => {
    const want = item.label.salary;
    const got = result.salary.value;
    return want === null
      ? got === null
      : got !== null && got.min === want.min && got.max === want.max && got.period === want.period;
  };
  const figures: Figures = {
    postings: outcomes.length,
    b2g: b2g.length,
    live: live.length,
    pending: count(outcomes, 'pending'),
    excluded: count(outcomes, 'excluded'),
    truePositives,
    precision: share(truePositives, live.length),
    recall: share(truePositives, b2g.length),
    pendingB2g: count(b2g, 'pending'),
    pendingOther: count(other, 'pending'),
    excludedOther: count(other, 'excluded'),
    excludedB2g: count(b2g, 'excluded'),
    functionAccuracy: rate(b2g, (o) => o.result.jobFunction.value === o.item.label.jobFunction),
    sectorAccuracy: rate(b2g, (o) => o.result.sector.value === o.item.label.sector),
    clearanceAccuracy: rate(outcomes, (o) => o.result.clearance.value === o.item.label.clearance),
    polygraphAccuracy: rate(outcomes, (o) => o.result.polygraph.value === o.item.label.polygraph),
    experienceAccuracy: rate(
      outcomes,
      (o) => o.result.experienceLevel.value === o.item.label.experienceLevel,
    ),
    remoteAccuracy: rate(
      outcomes,
      (o) => o.result.remote.value.remoteDays === o.item.label.remoteDays,
    ),
    salaryAccuracy: rate(outcomes, sameSalary),
  };
  return { figures, outcomes };
}
