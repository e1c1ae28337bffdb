import type { Evaluation } from '@aba/contracts/api';
import { formatDate, formatDateTime, formatTime, useTranslation } from '@aba/web-kit';
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
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { NO_COLOR, YES_COLOR } from '../lib/colors.js';
import { groupByDay } from '../lib/format.js';
import { isOptimistic } from '../lib/optimistic.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
  },
  nowrap: { flexWrap: 'nowrap' },
  day: { display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dayLabel: {
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    fontVariantNumeric: 'tabular-nums',
  },
  icon: { padding: 0 },
  yes: { color: YES_COLOR, fontSize: '24px' },
  no: { color: NO_COLOR, fontSize: '24px' },
  pending: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '44px',
    height: '44px',
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
export function ResultIcon({ result, className }: { result: Evaluation['result']; className?: string }) {
  const styles = useStyles();
  return result === 'YES' ? (
    <CheckmarkCircleFilled className={mergeClasses(styles.yes, className)} aria-hidden />
  ) : (
    <DismissCircleFilled className={mergeClasses(styles.no, className)} aria-hidden />
  );
}

/** "Yes, 24/11/2026, 10:15": an evaluation's accessible name and tooltip. */
export function useEvaluationName(): (evaluation: Evaluation) => string {
  const { t } = useTranslation('plans');
  return (evaluation) =>
    t(evaluation.result === 'YES' ? 'history.yesOn' : 'history.noOn', {
      date: formatDateTime(evaluation.date),
    });
}

export interface EvaluationHistoryProps {
  /** Newest first, as the server sends them; shown oldest → newest. */
  evaluations: readonly Evaluation[];
  /** Accessible name of the row, e.g. "Last evaluations of Points to red". */
  label: string;
  mayDelete: (evaluation: Evaluation) => boolean;
  onDelete: (evaluation: Evaluation) => void;
  /** Keep the icons on one line (the plan view's five). */
  nowrap?: boolean;
}

/**
 * Spec §2 evaluation history, read like a graph (issue 13, point 11): check and cross icons oldest → newest, grouped
 * by day with the day written before each group, each icon named (and titled) with its date and time. One tab stop
 * (a toolbar: the arrow keys, Home and End move between icons, issue 13 point 14); an icon opens the popover
 * 'Delete evaluation?' with the author, the date and the delete button. Every icon is a 44 × 44 px target.
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
  const groups = useMemo(() => groupByDay(evaluations), [evaluations]);
  const focusable = useMemo(
    () => groups.flatMap((group) => group.items).filter((evaluation) => !isOptimistic(evaluation)),
    [groups],
  );
  const [current, setCurrent] = useState<string | null>(null);
  // The newest icon is the toolbar's tab stop until another one is chosen.
  const active = focusable.some((evaluation) => evaluation.id === current)
    ? current
    : (focusable[focusable.length - 1]?.id ?? null);
  const toolbar = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = focusable.findIndex((evaluation) => evaluation.id === active);
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? Math.min(index + 1, focusable.length - 1)
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? focusable.length - 1
              : null;
    if (next === null || index < 0) return;
    event.preventDefault();
    const id = focusable[next].id;
    setCurrent(id);
    toolbar.current?.querySelector<HTMLElement>(`[data-evaluation="${CSS.escape(id)}"]`)?.focus();
  };

  if (evaluations.length === 0) return <span className={styles.none}>{t('history.none')}</span>;
  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label={label}
      className={mergeClasses(styles.row, nowrap && styles.nowrap)}
      onKeyDown={onKeyDown}
    >
      {groups.map((group) => (
        <div key={group.day} role="group" aria-label={formatDate(group.day)} className={styles.day}>
          <span className={styles.dayLabel} aria-hidden>
            {formatDate(group.day).slice(0, 5)}
          </span>
          {group.items.map((evaluation) => (
            <EvaluationIcon
              key={evaluation.id}
              evaluation={evaluation}
              tabbable={evaluation.id === active}
              mayDelete={mayDelete(evaluation)}
              onFocus={() => setCurrent(evaluation.id)}
              onDelete={() => onDelete(evaluation)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}

function EvaluationIcon({
  evaluation,
  tabbable,
  mayDelete,
  onFocus,
  onDelete,
}: {
  evaluation: Evaluation;
  tabbable: boolean;
  mayDelete: boolean;
  onFocus: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const [open, setOpen] = useState(false);
  const titleId = useId('evaluation-title');
  const name = useEvaluationName()(evaluation);
  if (isOptimistic(evaluation)) {
    return (
      <span role="img" aria-label={t('history.saving', { name })} title={name} className={styles.pending}>
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
          className={mergeClasses(tap.target, styles.icon)}
          icon={<ResultIcon result={evaluation.result} />}
          aria-label={name}
          title={name}
          tabIndex={tabbable ? 0 : -1}
          data-evaluation={evaluation.id}
          onFocus={onFocus}
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
        <p className={styles.line}>{t('history.date', { date: formatDateTime(evaluation.date) })}</p>
        {mayDelete ? null : <p className={styles.note}>{t('history.onlyOwn')}</p>}
        <div className={styles.actions}>
          {mayDelete ? (
            <Button
              className={tap.target}
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
          <Button className={tap.target} onClick={() => setOpen(false)}>
            {t('history.close')}
          </Button>
        </div>
      </PopoverSurface>
    </Popover>
  );
}

/** A short line of an evaluation for the redo: "Yes at 10:15". */
export function useEvaluationShort(): (evaluation: Evaluation) => string {
  const { t } = useTranslation('plans');
  return (evaluation) =>
    t('history.shortAt', { result: t(`result.${evaluation.result}`), time: formatTime(evaluation.date) });
}
