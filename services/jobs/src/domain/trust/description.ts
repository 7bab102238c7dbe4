import type { RiskSignal } from '@b2g/contracts';
import { SCAM_LEXICON } from './scam-lexicon.js';
import { REVIEW_THRESHOLD, SCAM_PHRASING_MAX_WEIGHT, SIGNAL_WEIGHTS, signal } from './weights.js';

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/**
 * A phone number written with separators (`(703) 555-0142`, `703.555.0142`, `+44 20 7946 0958`),
 * so salaries, years and contract numbers are not taken for one.
 */
const PHONE =
  /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\b\d{3}[\s.-])\d{3}[\s.-]\d{4}\b|\+\d{1,3}(?:[\s.-]\d{2,5}){2,4}\b/g;
const LINK = /\bhttps?:\/\/[^\s<>"')]+|\bwww\.[a-z0-9-]+\.[^\s<>"')]+/gi;

/** From how many links a description has "many". */
export const MANY_LINKS = 3;

const quoted = (items: Iterable<string>) =>
  [...new Set(items)].map((item) => `"${item}"`).join(', ');

/** The description's e-mail addresses, phone numbers and links. */
export function descriptionSignals(description: string): RiskSignal[] {
  const signals: RiskSignal[] = [];
  const emails = description.match(EMAIL) ?? [];
  const phones = description.match(PHONE) ?? [];
  const contacts = [
    ...(emails.length ? [`e-mail ${quoted(emails.slice(0, 3))}`] : []),
    ...(phones.length ? [`phone ${quoted(phones.slice(0, 3).map((phone) => phone.trim()))}`] : []),
  ];
  if (contacts.length)
    signals.push(signal('contact_in_description', `description gives ${contacts.join(' and ')}`));
  const links = description.match(LINK) ?? [];
  if (links.length >= MANY_LINKS)
    signals.push(signal('many_links', `description has ${links.length} links`));
  return signals;
}

/**
 * Scam phrasing in the title or description (SCAM_LEXICON): a weak phrase adds
 * SIGNAL_WEIGHTS.scam_phrasing, a strong one REVIEW_THRESHOLD, up to SCAM_PHRASING_MAX_WEIGHT.
 */
export function scamPhrasingSignal(title: string, description: string): RiskSignal | undefined {
  const text = `${title}\n${description}`.toLowerCase().replace(/[\u2018\u2019]/g, "'");
  const found = new Map<string, { weight: number; matched: string }>();
  for (const entry of SCAM_LEXICON) {
    const matched = entry.pattern.exec(text)?.[0];
    if (matched && !found.has(entry.name))
      found.set(entry.name, {
        weight: entry.strong ? REVIEW_THRESHOLD : SIGNAL_WEIGHTS.scam_phrasing,
        matched: matched.replace(/\s+/g, ' ').trim().slice(0, 60),
      });
  }
  if (found.size === 0) return undefined;
  const phrases = [...found].map(([name, { matched }]) => `${name} ("${matched}")`);
  const weight = Math.min(
    SCAM_PHRASING_MAX_WEIGHT,
    [...found.values()].reduce((sum, { weight: added }) => sum + added, 0),
  );
  return signal('scam_phrasing', `scam phrasing: ${phrases.join(', ')}`, weight);
}
