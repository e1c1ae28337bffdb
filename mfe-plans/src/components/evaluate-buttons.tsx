import type { Evaluation, EvaluationResult } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowRepeatAllRegular, CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { NO_COLOR, YES_COLOR } from '../lib/colors.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { ResultIcon, useEvaluationShort } from './evaluation-history.js';

const useStyles = makeStyles({
  group: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  yes: { color: YES_COLOR },
  no: { color: NO_COLOR },
  answer: { minWidth: '4.5rem' },
  big: { minHeight: '72px', minWidth: '8rem', fontSize: tokens.fontSizeBase500, flexGrow: 1 },
  cell: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  line: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  today: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  last: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    whiteSpace: 'nowrap',
  },
  redo: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  redoText: { margin: 0, overflowWrap: 'anywhere' },
});

export interface EvaluateButtonsProps {
  /** The item's description: names the group ("Evaluate …"). */
  item: string;
  onAnswer: (result: EvaluationResult) => void;
  disabled?: boolean;
  /** Big buttons for the one-by-one flow on a phone. */
  large?: boolean;
  /** The flow's keyboard shortcuts (Y, N), announced with the buttons. */
  shortcuts?: boolean;
  /** Id of a text describing the group (the shortcuts). */
  describedBy?: string;
  /** The group's own name instead of "Evaluate …" (the redo's choice). */
  label?: string;
}

/** Yes and No, in a group named after the item; each at least 44 × 44 px, 8 px apart. */
export function EvaluateButtons({
  item,
  onAnswer,
  disabled,
  large,
  shortcuts,
  describedBy,
  label,
}: EvaluateButtonsProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const button = (result: EvaluationResult) => (
    <Button
      className={mergeClasses(tap.target, styles.answer, large && styles.big)}
      size={large ? 'large' : 'medium'}
      icon={
        result === 'YES' ? (
          <CheckmarkRegular className={styles.yes} />
        ) : (
          <DismissRegular className={styles.no} />
        )
      }
      disabledFocusable={disabled}
      aria-keyshortcuts={shortcuts ? (result === 'YES' ? 'Y' : 'N') : undefined}
      onClick={() => onAnswer(result)}
    >
      {t(result === 'YES' ? 'evaluate.yes' : 'evaluate.no')}
    </Button>
  );
  return (
    <div
      role="group"
      aria-label={label ?? t('evaluate.group', { item })}
      aria-describedby={describedBy}
      className={styles.group}
    >
      {button('YES')}
      {button('NO')}
    </div>
  );
}

export interface EvaluateCellProps {
  item: string;
  /** The item's trials today (the viewer's day), when known. */
  today: number | undefined;
  /** Today's last answer, when the viewer may correct it: shown with the redo. */
  last: Evaluation | null;
  onAnswer: (result: EvaluationResult) => void;
  onCorrect: (evaluation: Evaluation, result: EvaluationResult) => void;
}

/**
 * The plan view's Evaluate column (issue 13, point 3): Yes and No stay for every trial (discrete-trial teaching
 * records several per session), with today's count beside them. Today's last answer shows with the spec's redo,
 * which asks Yes/No again and corrects that answer in place (it says so); nothing here deletes a trial.
 */
export function EvaluateCell({ item, today, last, onAnswer, onCorrect }: EvaluateCellProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const short = useEvaluationShort();
  const [redoing, setRedoing] = useState<Evaluation | null>(null);
  const redo = redoing && last && redoing.id === last.id ? redoing : null;
  return (
    <div className={styles.cell}>
      <div className={styles.line}>
        <EvaluateButtons item={item} onAnswer={onAnswer} />
        {today !== undefined ? (
          <span
            className={styles.today}
            data-testid="today-count"
            aria-label={t('evaluate.todayOf', { item, count: today })}
          >
            {t('evaluate.today', { count: today })}
          </span>
        ) : null}
      </div>
      {last && !redo ? (
        <div className={styles.line}>
          <span className={styles.last}>
            <ResultIcon result={last.result} />
            {t('evaluate.last', { answer: short(last) })}
          </span>
          <Button
            className={tap.target}
            icon={<ArrowRepeatAllRegular />}
            aria-label={t('evaluate.redoFor', { item, answer: short(last) })}
            onClick={() => setRedoing(last)}
          >
            {t('evaluate.redo')}
          </Button>
        </div>
      ) : null}
      {redo ? (
        <div className={styles.redo}>
          <p className={styles.redoText}>{t('evaluate.redoText', { answer: short(redo) })}</p>
          <div className={styles.line}>
            <EvaluateButtons
              item={item}
              label={t('evaluate.redoGroup', { item })}
              onAnswer={(result) => {
                setRedoing(null);
                onCorrect(redo, result);
              }}
            />
            <Button className={tap.target} appearance="subtle" onClick={() => setRedoing(null)}>
              {t('evaluate.keep')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
