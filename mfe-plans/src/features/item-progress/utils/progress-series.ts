import type { ItemStatus, PhaseChange, PointReason, ProgressPoint } from '@aba/contracts/api';
import { poolPoints } from '@aba/mastery';

/** How the points are drawn: one per session, or pooled per local day or ISO week (ΣYES ÷ Σtrials). */
export const GRANULARITIES = ['session', 'day', 'week'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/**
 * How a point's marker looks: `met` (filled, the rule's threshold reached), `counted` (filled, counted but below it),
 * `hollow` (grey and hollow: a session that does not count — too few trials, or a role whose data does not count).
 */
export type MarkerKind = 'met' | 'counted' | 'hollow';

/** Reasons whose sessions are not joined to the line. */
const NOT_JOINED: ReadonlySet<PointReason> = new Set(['TOO_FEW_TRIALS', 'ROLE_NOT_COUNTED']);

export const markerKind = (reason: PointReason): MarkerKind =>
  NOT_JOINED.has(reason) ? 'hollow' : reason === 'MET' ? 'met' : 'counted';

/** One drawn point: x on the chart's time axis, its % and what its tooltip says. */
export interface SeriesPoint {
  x: number;
  y: number;
  yes: number;
  trials: number;
  /** Local day (YYYY-MM-DD; for a week, its Monday). */
  date: string;
  /** Who ran the session; null for a pooled point. */
  person: string | null;
  kind: MarkerKind;
  /** Pooled points: how many sessions. */
  sessions: number;
}

/** A gap in the line (Highcharts breaks a line at a null). */
export interface Gap {
  x: number;
  y: null;
}

export interface PhaseLine {
  x: number;
  status: ItemStatus;
  /** "AUTO" or the actor's initials (e.g. "AP"). */
  label: string;
}

export interface ProgressSeries {
  /** The joined points, phase after phase, a gap between phases. */
  line: (SeriesPoint | Gap)[];
  /** Points not joined to the line (drawn hollow). */
  hollow: SeriesPoint[];
  /** A vertical line at every phase change after the first phase. */
  phaseLines: PhaseLine[];
  /** The current rule's threshold (%), null when no rule applies. */
  aim: number | null;
  /** Two ends of the trend over the current phase's counted points, or null. */
  trend: [[number, number], [number, number]] | null;
}

/** `2026-11-24` → midnight UTC of that day (the chart reads its axis in UTC). */
export const dayX = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
};

/** "Ana Popescu" → "AP"; "Ana P." → "AP". */
export function initials(name: string): string {
  return name
    .split(/[\s.-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .slice(0, 3);
}

/** Index of the phase a point belongs to: the last phase that had started when its session started. */
function phaseIndex(phases: readonly PhaseChange[], at: string): number {
  const time = Date.parse(at);
  let index = 0;
  for (let i = 1; i < phases.length; i++) if (Date.parse(phases[i].from) <= time) index = i;
  return index;
}

function sessionPoint(point: ProgressPoint): SeriesPoint {
  return {
    x: Date.parse(point.started_at),
    y: point.pct,
    yes: point.yes,
    trials: point.trials,
    date: point.date,
    person: point.person,
    kind: markerKind(point.reason),
    sessions: 1,
  };
}

/** The points of one phase as drawn at `granularity`: sessions as they are, days and weeks pooled. */
function phasePoints(points: ProgressPoint[], granularity: Granularity, aim: number | null): SeriesPoint[] {
  if (granularity === 'session') return points.filter((p) => !NOT_JOINED.has(p.reason)).map(sessionPoint);
  const pooled = poolPoints(
    points.filter((p) => p.reason !== 'ROLE_NOT_COUNTED'),
    granularity,
  );
  return pooled.map((pool) => ({
    x: dayX(pool.date),
    y: pool.pct,
    yes: pool.yes,
    trials: pool.trials,
    date: pool.date,
    person: null,
    kind: aim !== null && pool.pct >= aim ? 'met' : 'counted',
    sessions: pool.sessions,
  }));
}

/** Least squares over the points, drawn between the first and the last (y kept within 0..100). */
function trendLine(points: readonly SeriesPoint[]): ProgressSeries['trend'] {
  if (points.length < 2) return null;
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  if (sxx === 0) return null;
  const slope = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0) / sxx;
  const at = (x: number) => Math.min(100, Math.max(0, Math.round((meanY + slope * (x - meanX)) * 10) / 10));
  const first = points[0].x;
  const last = points[n - 1].x;
  return [
    [first, at(first)],
    [last, at(last)],
  ];
}

export interface ProgressSeriesInput {
  points: readonly ProgressPoint[];
  phases: readonly PhaseChange[];
  /** The current rule's threshold, null when none applies (FINISHED). */
  aim: number | null;
  /** Whether the server gave a trend (drawn over the current phase's counted points). */
  withTrend: boolean;
}

/**
 * What the progress chart draws (issue 15): the counted points joined phase by phase with a gap at each phase change,
 * the uncounted sessions hollow and apart, a vertical line per phase change, the aim and the trend.
 */
export function buildProgressSeries(
  { points, phases, aim, withTrend }: ProgressSeriesInput,
  granularity: Granularity,
): ProgressSeries {
  const byPhase: ProgressPoint[][] = Array.from({ length: Math.max(phases.length, 1) }, () => []);
  for (const point of points) byPhase[phaseIndex(phases, point.started_at)].push(point);
  const segments = byPhase.map((phasePointsOf) => phasePoints(phasePointsOf, granularity, aim));
  const phaseLines = phases.slice(1).map((phase) => ({
    x: Date.parse(phase.from),
    status: phase.status,
    label: phase.mode === 'AUTO' || !phase.actor ? 'AUTO' : initials(phase.actor),
  }));
  const line: (SeriesPoint | Gap)[] = [];
  segments.forEach((segment, index) => {
    if (index > 0 && line.length > 0 && segment.length > 0) line.push({ x: phaseLines[index - 1].x, y: null });
    line.push(...segment);
  });
  const hollowSource =
    granularity === 'session'
      ? points.filter((p) => NOT_JOINED.has(p.reason))
      : points.filter((p) => p.reason === 'ROLE_NOT_COUNTED');
  const hollow = hollowSource.map((point) => ({
    ...sessionPoint(point),
    x: granularity === 'session' ? Date.parse(point.started_at) : dayX(point.date),
  }));
  const current = segments[segments.length - 1];
  return {
    line,
    hollow,
    phaseLines,
    aim,
    trend: withTrend ? trendLine(current) : null,
  };
}
