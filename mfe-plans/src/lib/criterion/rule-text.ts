import type { StepRule } from '@aba/contracts/api';
import type { useTranslation } from '@aba/web-kit';

type T = ReturnType<typeof useTranslation>['t'];

/** "≥ 80 % with ≥ 5 trials in 3 sessions in a row", with the people asked and who decides. */
export function ruleText(t: T, rule: StepRule): string {
  const base =
    rule.scoring === 'FIRST_TRIAL'
      ? t('progress.rule.firstTrial', { threshold: rule.threshold_pct, sessions: rule.consecutive_sessions })
      : t('progress.rule.allTrials', {
          threshold: rule.threshold_pct,
          trials: rule.min_trials,
          sessions: rule.consecutive_sessions,
        });
  const people = rule.min_people > 1 ? t('progress.rule.people', { people: rule.min_people }) : '';
  return `${base}${people}; ${t(`progress.rule.mode.${rule.mode}`)}`;
}
