interface Additions {
  $set?: Record<string, unknown>;
  $push?: Record<string, unknown>;
}

/**
 * Adds `$set`/`$push` parts to an update document. Top-level fields without an operator are moved
 * into `$set` (as mongoose does), so the result is a pure operator update. A field the caller already
 * sets or pushes is not overridden: that is an error.
 */
export function mergeUpdate<U extends object>(update: U, additions: Additions): U {
  if (Array.isArray(update))
    throw new TypeError('an aggregation pipeline update cannot carry events');
  const merged: Record<string, unknown> = {};
  const implicitSet: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(update)) {
    if (key.startsWith('$')) merged[key] = value;
    else implicitSet[key] = value;
  }
  const set = { ...operand(merged.$set, '$set'), ...implicitSet };
  for (const [operator, extra] of [
    ['$set', additions.$set],
    ['$push', additions.$push],
  ] as const) {
    if (!extra) continue;
    const current = operator === '$set' ? set : operand(merged[operator], operator);
    for (const [field, value] of Object.entries(extra)) {
      if (field in current) throw new TypeError(`the update already has ${operator}.${field}`);
      current[field] = value;
    }
    merged[operator] = current;
  }
  if (Object.keys(set).length > 0) merged.$set = set;
  // The same update with more operators: still an update of the caller's document type.
  return merged as U;
}

function operand(value: unknown, operator: string): Record<string, unknown> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`${operator} must be an object`);
  }
  return { ...(value as Record<string, unknown>) };
}
