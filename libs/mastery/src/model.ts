import type {
  EvaluationResult,
  MasteryCriterion,
  PhaseChange,
  ProgressPoint,
  SessionInput,
  SessionTally,
} from '@aba/contracts/api';

export type { SessionInput, SessionTally };

/** The languages the explanations are written in. */
export const LANGUAGES = ['ro', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A trial of the item, as `progressOf` reads it. */
export interface TrialInput {
  id: string;
  session_id: string;
  /** ISO instant the trial was captured (not when it reached the server). */
  captured_at: string;
  result: EvaluationResult;
}

export interface ProgressInput {
  /** The item's status history, oldest first; `phases[0]` is IN_LEARNING from the item's creation. */
  phases: PhaseChange[];
  /** Every trial of the item, in any order; or, instead, */
  trials?: TrialInput[];
  /** its trials counted per session and phase (`tallyTrials`), in any order. */
  tallies?: SessionTally[];
  /** The sessions those trials belong to. */
  sessions: SessionInput[];
  criterion: MasteryCriterion;
  /** The child's IANA time zone (local days). */
  time_zone: string;
  /** A CONFIRM suggestion for the current phase is waiting. */
  pending_suggestion?: boolean;
  /** A suggestion was rejected then: trials captured before it never count toward the current streak. */
  streak_reset_at?: string | null;
  language: Language;
}

/** A point with what the computation needs beside it (never returned). */
export interface ScoredPoint {
  point: ProgressPoint;
  /** Index in `phases` of the phase the point's trials belong to. */
  phase: number;
  /** Epoch ms of the point's first trial. */
  firstMs: number;
  /** ISO capture time of the point's last trial. */
  lastTrialAt: string;
}
