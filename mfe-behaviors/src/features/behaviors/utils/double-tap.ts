/**
 * A second tap on the same behaviour's Log this soon after the first is asked about ("Was that two occurrences?")
 * instead of being counted outright (ADR 0019).
 */
export const DOUBLE_TAP_MS = 2000;

/** Whether a tap at `now` follows the previous tap on the same Log (at `previous`, if any) within `DOUBLE_TAP_MS`. */
export function isDoubleTap(previous: number | undefined, now: number): boolean {
  return previous !== undefined && now >= previous && now - previous < DOUBLE_TAP_MS;
}
