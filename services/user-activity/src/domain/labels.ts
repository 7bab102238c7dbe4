/** An enumeration value as the dashboard shows it: underscores become spaces, words capitalised. */
export function labelOf(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
