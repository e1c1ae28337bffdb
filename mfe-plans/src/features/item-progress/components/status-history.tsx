import type { PhaseChange } from '@aba/contracts/api';
import { formatDateTime, useTranslation } from '@aba/web-kit';
import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  list: { listStyleType: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.spacingVerticalS },
  entry: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    background: tokens.colorNeutralBackground2,
  },
  status: { fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2, margin: 0 },
});

/** The item's status history, newest first: status, when, AUTO / confirmed by X / set by hand by X, and why. */
export function StatusHistory({ phases }: { phases: readonly PhaseChange[] }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const newestFirst = [...phases].reverse();
  return (
    <ol className={styles.list} aria-label={t('progress.history.title')}>
      {newestFirst.map((phase) => (
        <li key={`${phase.from}-${phase.status}`} className={styles.entry}>
          <span className={styles.status}>{t(`itemStatus.${phase.status}`)}</span>
          {' · '}
          <time dateTime={phase.from}>{formatDateTime(phase.from)}</time>
          <p className={styles.meta}>
            {phase.mode !== 'AUTO' && phase.actor === null
              ? t('progress.history.start')
              : t(`progress.history.mode.${phase.mode}`, { actor: phase.actor })}
            {phase.reason
              ? ` · ${t(`progress.history.reason.${phase.reason}`, { defaultValue: phase.reason })}`
              : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}
