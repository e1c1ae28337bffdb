import type { Evaluation } from '@aba/contracts/api';
import { formatDate, useTranslation } from '@aba/web-kit';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useMemo, type ReactNode } from 'react';
import { groupByDay } from '../lib/format.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { EvaluationHistory, ResultIcon, type EvaluationHistoryProps } from './evaluation-history.js';

const useStyles = makeStyles({
  open: {
    position: 'relative',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalXS,
    width: '100%',
    padding: tokens.spacingHorizontalS,
    textAlign: 'start',
    fontWeight: tokens.fontWeightRegular,
  },
  marks: {
    flexBasis: '100%',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
  },
  day: { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '1px' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  dayLabel: {
    fontSize: tokens.fontSizeBase100,
    color: tokens.colorNeutralForeground2,
    marginRight: tokens.spacingHorizontalXXS,
    marginLeft: tokens.spacingHorizontalXS,
  },
  mark: { fontSize: '14px' },
  counts: { width: '100%', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  none: { color: tokens.colorNeutralForeground3 },
  surface: { maxWidth: 'min(40rem, calc(100vw - 24px))' },
});

/**
 * The sub-plan page's last 100 evaluations of an item (issue 13, points 11 and 14): drawn small, oldest → newest with
 * a date per day, inside ONE button (one tab stop instead of a hundred) whose text says how many Yes and No and over
 * which days; it opens a dialog with the full history, where each evaluation is a 44 px icon that can be deleted.
 */
export function EvaluationHistorySummary({
  item,
  open,
  onOpenChange,
  feedback,
  ...history
}: EvaluationHistoryProps & {
  item: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item's message, shown in the dialog while it is open (a delete's outcome). */
  feedback?: ReactNode;
}) {
  const { evaluations } = history;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const groups = useMemo(() => groupByDay(evaluations), [evaluations]);
  if (evaluations.length === 0) return <span className={styles.none}>{t('history.none')}</span>;
  const yes = evaluations.filter((evaluation) => evaluation.result === 'YES').length;
  const counts = {
    item,
    count: evaluations.length,
    yes,
    no: evaluations.length - yes,
    from: formatDate(groups[0].day),
    to: formatDate(groups[groups.length - 1].day),
  };
  return (
    <Dialog open={open} onOpenChange={(_event, data) => onOpenChange(data.open)}>
      <DialogTrigger disableButtonEnhancement>
        {/* Named by its text (what it says is what it is called): whose history, then the counts shown. */}
        <Button appearance="subtle" className={`${tap.target} ${styles.open}`}>
          <span className={styles.hidden}>{t('history.summaryOf', { item })}</span>
          <span className={styles.marks} aria-hidden>
            {groups.map((group) => (
              <span key={group.day} className={styles.day}>
                <span className={styles.dayLabel}>{formatDate(group.day).slice(0, 5)}</span>
                {group.items.map((evaluation: Evaluation) => (
                  <ResultIcon key={evaluation.id} result={evaluation.result} className={styles.mark} />
                ))}
              </span>
            ))}
          </span>
          <span className={styles.counts}>{t('history.summaryCounts', counts)}</span>
        </Button>
      </DialogTrigger>
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('history.dialogTitle', { item })}</DialogTitle>
          <DialogContent>
            <EvaluationHistory {...history} />
            {feedback}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button className={tap.target}>{t('history.close')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
