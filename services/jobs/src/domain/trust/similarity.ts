import type { PostText } from '../ports.js';

/** Words per shingle. */
const SHINGLE_WORDS = 3;
/** Texts with fewer words are too short to call a repeat by their words alone. */
export const MIN_COMPARED_WORDS = 20;
/** From this share of shared shingles a post is a near-duplicate. */
export const NEAR_DUPLICATE_SIMILARITY = 0.6;

function wordsOf(text: PostText): string[] {
  return `${text.title} ${text.description}`
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9$]+/)
    .filter(Boolean);
}

/** The text's shingles (runs of SHINGLE_WORDS words), or undefined when it is too short. */
export function shinglesOf(text: PostText): Set<string> | undefined {
  const words = wordsOf(text);
  if (words.length < MIN_COMPARED_WORDS) return undefined;
  const shingles = new Set<string>();
  for (let at = 0; at + SHINGLE_WORDS <= words.length; at++)
    shingles.add(words.slice(at, at + SHINGLE_WORDS).join(' '));
  return shingles;
}

/** Jaccard similarity of two shingle sets: shared shingles over all shingles. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The candidate most like `shingles` at NEAR_DUPLICATE_SIMILARITY or more, with its similarity. */
export function nearest<T extends PostText>(
  shingles: ReadonlySet<string>,
  candidates: readonly T[],
): { candidate: T; similarity: number } | undefined {
  let best: { candidate: T; similarity: number } | undefined;
  for (const candidate of candidates) {
    const theirs = shinglesOf(candidate);
    if (!theirs) continue;
    const similarity = jaccard(shingles, theirs);
    if (similarity >= NEAR_DUPLICATE_SIMILARITY && similarity > (best?.similarity ?? 0))
      best = { candidate, similarity };
  }
  return best;
}
