import { useTranslation } from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled } from '@fluentui/react-icons';
import type { LiveCount } from '../lib/mastery-live.js';
import { useErrorText } from '../lib/use-error-text.js';

const useStyles = makeStyles({
  counts: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: `${tokens.spacingVerticalXS} 0 0`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  count: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  reached: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
});

/**
 * An item's count while it is scored (issue 15): "This session: 3/5 trials", green with a check once the session has
 * the trials its rule asks, and, once a session qualified, "Streak 2/3". Nothing for an item no rule moves on.
 */
export function LiveCountLine({ count, item }: { count: LiveCount | undefined; item: string }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  if (!count) return null;
  const reached = count.trials >= count.minimum;
  return (
    <p className={styles.counts} aria-label={t('live.label', { name: item })} role="group">
      <span className={mergeClasses(styles.count, reached && styles.reached)}>
        {reached ? <CheckmarkCircleFilled aria-hidden /> : null}
        {t(reached ? 'live.trialsReached' : 'live.trials', { trials: count.trials, minimum: count.minimum })}
      </span>
      {count.streak > 0 ? (
        <span className={styles.count}>
          {t('live.streak', { streak: count.streak, needed: count.needed })}
        </span>
      ) : null}
    </p>
  );
}

/** The live counts' read failed: the counts shown (if any) may be behind, and the taps are saved all the same. */
export function LiveCountsFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  return <LoadFailure onRetry={onRetry}>{`${t('live.failed')} ${errorText(error)}`}</LoadFailure>;
}
