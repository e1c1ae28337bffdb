/** Days of a report's period as numbers (days since 1970), and the windows its rates are compared in. */
const DAY_MS = 86_400_000;
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);

/** A count of correct answers out of 10 tries, from pooled answers. */
export const outOfTen = (yes: number, trials: number) => Math.round((10 * yes) / trials);

/** Two windows of the period to compare a behaviour's rate in: two weeks each, or halves of a shorter period. */
export function behaviorWindows(
  from: string,
  to: string,
): { days: number; first: [number, number]; last: [number, number] } | null {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const length = end - start + 1;
  const days = length >= 28 ? 14 : Math.floor(length / 2);
  if (days < 1) return null;
  return { days, first: [start, start + days - 1], last: [end - days + 1, end] };
}

/** The logs of the days of a window (inclusive). */
export function countIn(perDay: Readonly<Record<string, number>>, [first, last]: [number, number]): number {
  let count = 0;
  for (let day = first; day <= last; day++) count += perDay[dayOf(day)] ?? 0;
  return count;
}
