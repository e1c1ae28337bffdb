import { PlanLimits } from '@aba/contracts/api';

/** Spec §2, §9: descriptions in the lists are cut to 20 characters followed by "…" (whole characters, not halves of emoji). */
export function truncate(text: string, length: number = PlanLimits.listDescriptionLength): string {
  const characters = Array.from(text.trim());
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text.trim();
}

/** en-GB date and time of an evaluation (spec §9), e.g. `24/11/2026, 10:15`, in the viewer's time zone unless given. */
export function formatEvaluationDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** en-GB calendar day, e.g. `24/11/2026`. */
export function formatDay(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  }).format(date);
}
