export { DEFAULT_CHILD_TIME_ZONE, isTimeZone, localDay, weekOf } from './local-day.js';
export { SESSION_END_PAD_MS, SESSION_IDLE_MS, idleEnd, sessionLapsed } from './sessions.js';
export {
  PLATFORM_CRITERION,
  nextStatus,
  resolveCriterion,
  ruleFor,
  type CriterionLevels,
} from './criterion.js';
export { currentStreakOf, decisionOfLatest, masteryDecisionOf, progressOf } from './progress.js';
export { poolPoints, type PooledPoint } from './pooling.js';
export { TREND_MIN_POINTS } from './trend.js';
export { MENTIONED_POINTS } from './explanation-text.js';
export { CATALOGUE, type Catalogue, type Plural } from './catalogue.js';
export { wording, type Wording } from './format.js';
export {
  LANGUAGES,
  type Language,
  type ProgressInput,
  type SessionInput,
  type SessionTally,
  type TrialInput,
} from './model.js';
export { addTrial, percent, tallyTrials } from './points.js';
export { trialMayDecide, type TrialInSession } from './decision-gate.js';
export type {
  CriterionSource,
  Explanation,
  LateData,
  MasteryCriterion,
  MasteryDecision,
  PhaseChange,
  Progress,
  ProgressPoint,
  StepRule,
  Trend,
} from '@aba/contracts/api';
