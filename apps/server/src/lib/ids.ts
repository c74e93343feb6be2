// Numeric database ids travel as strings (docs/domain.md "Wire format"); anything else names no record.

/** The number behind a wire id, or null when it cannot name a row (then the caller answers 404). */
export function parseNumericId(id: string): number | null {
  if (!/^[1-9]\d{0,14}$/.test(id)) return null;
  return Number(id);
}
