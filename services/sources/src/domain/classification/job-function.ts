import type { JobFunction } from '@b2g/contracts';
import { finding, type Finding } from './finding.js';
import { ROLE_TERMS, type Role } from './function-lexicon.js';

interface RoleMatch {
  role: Role;
  start: number;
  end: number;
  text: string;
}

function roleMatches(text: string): RoleMatch[] {
  const found: RoleMatch[] = [];
  for (const { role, pattern } of ROLE_TERMS) {
    for (const match of text.matchAll(pattern)) {
      found.push({ role, start: match.index, end: match.index + match[0].length, text: match[0] });
    }
  }
  // A match inside a longer one is part of it ("Sales" in "Sales Engineer").
  return found.filter(
    (inner) =>
      !found.some(
        (outer) =>
          outer !== inner &&
          outer.start <= inner.start &&
          outer.end >= inner.end &&
          outer.end - outer.start > inner.end - inner.start,
      ),
  );
}

/** The role a short text names: its last role word (the head noun), the longer one on a tie. */
export function headRole(text: string): RoleMatch | undefined {
  let head: RoleMatch | undefined;
  for (const match of roleMatches(text)) {
    if (!head || match.end > head.end || (match.end === head.end && match.start < head.start))
      head = match;
  }
  return head;
}

/** What a title says before its qualifiers: "Account Executive" of "Account Executive – Federal, DoD". */
const titleHead = (title: string) => title.split(/\s[-–—|/]\s|,|\(|:|\s@\s/)[0] ?? title;

/** The role the description's words name most, when one role clearly leads. */
function descriptionRole(description: string): RoleMatch | undefined {
  const counts = new Map<Role, { n: number; sample: RoleMatch }>();
  for (const match of roleMatches(description)) {
    const entry = counts.get(match.role);
    counts.set(match.role, { n: (entry?.n ?? 0) + 1, sample: entry?.sample ?? match });
  }
  const ranked = [...counts.values()].sort((a, b) => b.n - a.n);
  const [first, second] = ranked;
  if (!first || (second && second.n * 1.5 > first.n)) return undefined;
  return first.sample;
}

export type FunctionFinding = Finding<Role | null>;

/**
 * The job's function, from the title first (its head, then the whole title), then the ATS's
 * department, then the description's words. `other` is a role the board does not list.
 */
export function classifyFunction(
  title: string,
  department: string | undefined,
  description: string,
): FunctionFinding {
  const fromTitle = headRole(titleHead(title)) ?? headRole(title);
  if (fromTitle)
    return finding(
      fromTitle.role,
      0.95,
      `title names ${describe(fromTitle.role)} ("${fromTitle.text}")`,
    );
  const fromDepartment = department ? headRole(department) : undefined;
  if (fromDepartment)
    return finding(
      fromDepartment.role,
      0.8,
      `department "${department}" is ${describe(fromDepartment.role)}`,
    );
  const fromText = descriptionRole(description);
  if (fromText)
    return finding(
      fromText.role,
      0.5,
      `title names no known role; the description mostly speaks of ${describe(fromText.role)}`,
    );
  return finding(null, 0, 'neither the title nor the description names a known role');
}

const describe = (role: Role) =>
  role === 'other' ? 'a role outside sales, marketing and technical work' : `${role} work`;

/** The board function of a role finding, when it is one. */
export const boardFunction = (role: Role | null): JobFunction | null =>
  role === null || role === 'other' ? null : role;
