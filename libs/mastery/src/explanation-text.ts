import type { ExplanationCode, StepRule } from '@aba/contracts/api';
import type { CurrentPhase } from './explanation.js';
import type { Wording } from './format.js';
import type { ScoredPoint } from './model.js';
import { beforeReset } from './streak.js';

/** The points an explanation mentions: the phase's latest, newest first. */
export const MENTIONED_POINTS = 3;

/** Ends a sentence with one full stop (a name such as "Ana P." already brings it). */
const sentence = (text: string): string => (text.endsWith('.') ? text : `${text}.`);

/** ", run by at least 2 different people" when the rule asks for more than one person. */
function peopleAsked(rule: StepRule, w: Wording): string {
  return rule.min_people > 1 ? w.say.byAtLeast(w.count(rule.min_people, w.say.differentPeople)) : '';
}

function noData(rule: StepRule, w: Wording): string {
  const sessions = w.count(rule.consecutive_sessions, w.say.sessions);
  const needs =
    rule.scoring === 'FIRST_TRIAL'
      ? w.say.noDataFirstTrial(sessions)
      : w.say.noData(sessions, w.pct(rule.threshold_pct), w.count(rule.min_trials, w.say.trials));
  return sentence(`${needs}${peopleAsked(rule, w)}`);
}

function overridden(phase: CurrentPhase, w: Wording): string {
  const { actor, reason } = phase.change;
  return sentence(
    `${w.say.setByHand(actor)}${reason ? w.say.becauseOf(reason) : ''}${phase.rule ? w.say.countStartsThen : ''}`,
  );
}

/** The first sentence: what the code means for this phase. */
function headline(code: ExplanationCode, phase: CurrentPhase, w: Wording): string {
  const { rule, streak } = phase;
  if (code === 'PENDING_CONFIRMATION') return w.say.pending;
  if (code === 'OVERRIDDEN') return overridden(phase, w);
  if (!rule) return w.say.mastered;
  const inARow = w.count(streak.points.length, w.say.goodSessions);
  const names = w.list([...streak.people.values()]);
  switch (code) {
    case 'MET':
      return sentence(`${w.say.met(inARow)}${rule.min_people > 1 ? w.say.runBy(names) : ''}`);
    case 'NEEDS_OTHER_PERSON':
      return `${w.say.allRunBy(inARow, names)}; ${w.say.otherPeopleNeeded(rule.min_people - streak.people.size)}`;
    case 'NO_DATA':
      return noData(rule, w);
    default:
      return sentence(
        `${w.say.progress(streak.points.length, w.count(rule.consecutive_sessions, w.say.goodSessions))}${peopleAsked(rule, w)}`,
      );
  }
}

/** "12 Mar (Ana P.): 4/5 = 80 % ✓." and the like. */
function pointSentence(scored: ScoredPoint, phase: CurrentPhase, w: Wording): string {
  const { point } = scored;
  const rule = phase.scoring;
  // In FINISHED there is no streak to go on or start again.
  const streaking = phase.rule !== null;
  const result =
    rule.scoring === 'FIRST_TRIAL'
      ? w.say.firstTrial(point.yes === 1)
      : `${point.yes}/${point.trials} = ${w.pct(point.pct)}`;
  let body: string;
  if (point.reason === 'ROLE_NOT_COUNTED') {
    body = `${result}, ${w.say.roleNotCounted(w.say.roles[point.role])}`;
  } else if (beforeReset(scored, phase.resetAtMs)) {
    body = `${result}, ${w.say.beforeRejection}`;
  } else if (point.reason === 'MET') {
    body = `${result} ✓`;
  } else if (point.reason === 'BELOW_THRESHOLD') {
    body = `${result} ✗ (${w.say.under(w.pct(rule.threshold_pct))}${streaking ? `, ${w.say.streakRestarts}` : ''})`;
  } else if (point.reason === 'FIRST_TRIAL_NO') {
    body = `${result} ✗${streaking ? ` (${w.say.streakRestarts})` : ''}`;
  } else {
    body = `${w.say.tooFew(w.count(point.trials, w.say.trials), rule.min_trials)}${streaking ? ` (${w.say.streakGoesOn})` : ''}`;
  }
  return `${w.say.pointHeading(w.day(point.started_at), point.person)}: ${body}.`;
}

/**
 * The explanation's text: a sentence on the code, then the phase's latest sessions (at most `MENTIONED_POINTS`,
 * newest first), each with its score and what it did to the streak.
 */
export function explanationText(code: ExplanationCode, phase: CurrentPhase, w: Wording): string {
  const latest = phase.points.slice(-MENTIONED_POINTS).reverse();
  return [headline(code, phase, w), ...latest.map((point) => pointSentence(point, phase, w))].join(' ');
}
