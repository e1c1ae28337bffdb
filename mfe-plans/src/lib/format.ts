import { PlanLimits } from '@aba/contracts/api';
import { dayOf } from '@aba/web-kit';

/** Spec §2, §9: descriptions in the lists are cut to 20 characters followed by "…" (whole characters, not halves of emoji). */
export function truncate(text: string, length: number = PlanLimits.listDescriptionLength): string {
  const characters = Array.from(text.trim());
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text.trim();
}

export interface DayGroup<T> {
  /** `YYYY-MM-DD` in the viewer's time zone (or the one given). */
  day: string;
  /** The items of that day, oldest first. */
  items: T[];
}

/**
 * Evaluations as the history rows show them (issue 13, point 11): like a graph, oldest → newest, in groups of one
 * calendar day each. `newestFirst` is the order the server sends.
 */
export function groupByDay<T extends { date: string }>(
  newestFirst: readonly T[],
  timeZone?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const item = newestFirst[i];
    const day = dayOf(item.date, timeZone) ?? item.date;
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}
