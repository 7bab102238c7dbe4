/** One classified field: its value, how sure the rule that set it is (0 to 1), and why. */
export interface Finding<T> {
  value: T;
  confidence: number;
  reason: string;
}

export const finding = <T>(value: T, confidence: number, reason: string): Finding<T> => ({
  value,
  confidence,
  reason,
});
