import type { Evaluation } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import {
  Button,
  makeStyles,
  mergeClasses,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  tokens,
  useId,
} from '@fluentui/react-components';
import { CheckmarkCircleFilled, DeleteRegular, DismissCircleFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import { NO_COLOR, YES_COLOR } from '../lib/colors.js';
import { formatEvaluationDate } from '../lib/format.js';
import { isOptimistic } from '../lib/optimistic.js';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: '2px', listStyle: 'none', margin: 0, padding: 0 },
  nowrap: { flexWrap: 'nowrap' },
  icon: { minWidth: '32px', width: '32px', height: '32px', padding: 0 },
  yes: { color: YES_COLOR, fontSize: '22px' },
  no: { color: NO_COLOR, fontSize: '22px' },
  pending: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '32px',
    height: '32px',
    opacity: 0.5,
  },
  surface: { maxWidth: '18rem' },
  title: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  line: { margin: `0 0 ${tokens.spacingVerticalXS}` },
  note: { margin: `${tokens.spacingVerticalS} 0`, color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
  none: { color: tokens.colorNeutralForeground3 },
});

/** The check (YES, teal) or cross (NO, red) of one evaluation. */
export function ResultIcon({ result }: { result: Evaluation['result'] }) {
  const styles = useStyles();
  return result === 'YES' ? (
    <CheckmarkCircleFilled className={styles.yes} aria-hidden />
  ) : (
    <DismissCircleFilled className={styles.no} aria-hidden />
  );
}

export interface EvaluationHistoryProps {
  evaluations: readonly Evaluation[];
  /** Accessible name of the list, e.g. "Last evaluations of Points to red". */
  label: string;
  mayDelete: (evaluation: Evaluation) => boolean;
  onDelete: (evaluation: Evaluation) => void;
  /** Keep the icons on one line (the plan view's five); the sub-plan view's hundred wrap. */
  nowrap?: boolean;
}

/**
 * Spec §2: each evaluation is a check or cross icon, newest first; clicking one opens a popover titled
 * 'Delete evaluation?' with the author, the date (en-GB) and a delete button.
 */
export function EvaluationHistory({
  evaluations,
  label,
  mayDelete,
  onDelete,
  nowrap,
}: EvaluationHistoryProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  if (evaluations.length === 0) return <span className={styles.none}>{t('history.none')}</span>;
  return (
    <ul className={mergeClasses(styles.list, nowrap && styles.nowrap)} aria-label={label}>
      {evaluations.map((evaluation) => (
        <li key={evaluation.id}>
          <EvaluationIcon
            evaluation={evaluation}
            mayDelete={mayDelete(evaluation)}
            onDelete={() => onDelete(evaluation)}
          />
        </li>
      ))}
    </ul>
  );
}

function EvaluationIcon({
  evaluation,
  mayDelete,
  onDelete,
}: {
  evaluation: Evaluation;
  mayDelete: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const titleId = useId('evaluation-title');
  const date = formatEvaluationDate(evaluation.date);
  const pending = isOptimistic(evaluation);
  const name = t(evaluation.result === 'YES' ? 'history.yesOn' : 'history.noOn', { date });
  if (pending) {
    return (
      <span role="img" aria-label={t('history.saving', { name })} className={styles.pending}>
        <ResultIcon result={evaluation.result} />
      </span>
    );
  }
  const author =
    `${evaluation.user_first_name} ${evaluation.user_last_name}`.trim() || t('history.unknownAuthor');
  return (
    <Popover
      open={open}
      onOpenChange={(_event, data) => setOpen(data.open)}
      withArrow
      trapFocus
      positioning="below"
    >
      <PopoverTrigger disableButtonEnhancement>
        <Button
          appearance="transparent"
          className={styles.icon}
          icon={<ResultIcon result={evaluation.result} />}
          aria-label={name}
          title={name}
        />
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-labelledby={titleId}>
        <h3 id={titleId} className={styles.title}>
          {t('history.deleteTitle')}
        </h3>
        <p className={styles.line}>
          {t(evaluation.result === 'YES' ? 'history.resultYes' : 'history.resultNo')}
        </p>
        <p className={styles.line}>{t('history.author', { author })}</p>
        <p className={styles.line}>{t('history.date', { date })}</p>
        {mayDelete ? null : <p className={styles.note}>{t('history.onlyOwn')}</p>}
        <div className={styles.actions}>
          {mayDelete ? (
            <Button
              appearance="primary"
              icon={<DeleteRegular />}
              onClick={() => {
                setOpen(false);
                onDelete();
              }}
            >
              {t('history.delete')}
            </Button>
          ) : null}
          <Button onClick={() => setOpen(false)}>{t('history.close')}</Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}
