import type { DnsCheckResponse, DnsRecord, DnsSetupStep, DnsStepId } from '@b2g/contracts';
import type { DnsLookup } from './dns-lookup.js';

/** DNS names compare without case and without the root's trailing dot. */
export function sameName(a: string, b: string): boolean {
  return normalizeName(a) === normalizeName(b);
}

function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/\.+$/, '');
}

/** Where a wizard record lives: '@' is the domain itself, anything else a label under it. */
export function hostOf(record: DnsRecord, domain: string): string {
  return record.name === '@' ? domain : `${record.name}.${domain}`;
}

const spfTerms = (value: string) =>
  value
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map((term) => term.replace(/^\+/, ''));

/**
 * A domain may publish one SPF record only (RFC 7208 §4.5). It covers the expected one when it
 * holds every expected term (the provider's include, the `~all` soft-fail) in the same order;
 * other senders' includes may sit among them.
 */
export function spfSatisfies(records: readonly string[], expected: string): boolean {
  const version = spfTerms(expected)[0];
  const published = records.map(spfTerms).filter((terms) => terms[0] === version);
  if (published.length !== 1 || !published[0]) return false;
  let from = 0;
  for (const term of spfTerms(expected)) {
    const at = published[0].indexOf(term, from);
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

function dmarcTags(value: string): Map<string, string[]> {
  const tags = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const values = part
      .slice(eq + 1)
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean);
    tags.set(part.slice(0, eq).trim().toLowerCase(), values);
  }
  return tags;
}

/**
 * A domain may publish one DMARC record only (RFC 7489 §6.6.3). It covers the expected one when
 * every expected tag is there with the same value (policy `quarantine`), and the report address
 * lists contain the expected addresses; other tags (pct, adkim…) may be added.
 */
export function dmarcSatisfies(records: readonly string[], expected: string): boolean {
  const wanted = dmarcTags(expected);
  const version = wanted.get('v')?.[0];
  const published = records.map(dmarcTags).filter((tags) => tags.get('v')?.[0] === version);
  if (published.length !== 1 || !published[0]) return false;
  const tags = published[0];
  return [...wanted].every(([tag, values]) =>
    values.every((value) => tags.get(tag)?.includes(value) ?? false),
  );
}

type RecordCheck = (record: DnsRecord, host: string, lookup: DnsLookup) => Promise<boolean>;

const cnamePresent: RecordCheck = async (record, host, lookup) =>
  (await lookup.cname(host)).some((target) => sameName(target, record.value));

const spfPresent: RecordCheck = async (record, host, lookup) =>
  spfSatisfies(await lookup.txt(host), record.value);

const dmarcPresent: RecordCheck = async (record, host, lookup) =>
  dmarcSatisfies(await lookup.txt(host), record.value);

function stepOf(steps: readonly DnsSetupStep[], id: DnsStepId): DnsSetupStep {
  const step = steps.find((s) => s.id === id);
  if (!step) throw new Error(`The email DNS setup has no '${id}' step`);
  return step;
}

async function configured(
  step: DnsSetupStep,
  domain: string,
  lookup: DnsLookup,
  check: RecordCheck,
): Promise<boolean> {
  const found = await Promise.all(
    step.records.map((record) => check(record, hostOf(record, domain), lookup)),
  );
  return found.every(Boolean);
}

/** The wizard's MX records that DNS has, exchange and priority alike, as 'priority exchange'. */
async function mxFound(step: DnsSetupStep, domain: string, lookup: DnsLookup): Promise<string[]> {
  const answers = await lookup.mx(domain);
  return step.records.flatMap((record) => {
    const answer = answers.find(
      (a) => sameName(a.exchange, record.value) && a.priority === record.priority,
    );
    return answer ? [`${answer.priority} ${normalizeName(answer.exchange)}`] : [];
  });
}

/** Compares what DNS publishes for `domain` with the wizard's steps; lookups run in parallel. */
export async function checkEmailDns(
  domain: string,
  steps: readonly DnsSetupStep[],
  lookup: DnsLookup,
): Promise<DnsCheckResponse> {
  const [verification, mx, spf, dkim, dmarc] = await Promise.all([
    configured(stepOf(steps, 'verification'), domain, lookup, cnamePresent),
    mxFound(stepOf(steps, 'mx'), domain, lookup),
    configured(stepOf(steps, 'spf'), domain, lookup, spfPresent),
    configured(stepOf(steps, 'dkim'), domain, lookup, cnamePresent),
    configured(stepOf(steps, 'dmarc'), domain, lookup, dmarcPresent),
  ]);
  return { verification, mx, spf, dkim, dmarc };
}
