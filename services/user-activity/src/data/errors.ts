const DUPLICATE_KEY = 11000;

/** A write refused by a unique index. */
export function isDuplicateKey(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && error.code === DUPLICATE_KEY
  );
}
