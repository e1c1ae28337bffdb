import type { EvaluationResult } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular, CheckmarkRegular, DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { NO_COLOR, YES_COLOR } from '../lib/colors.js';
import { ResultIcon } from './evaluation-history.js';

const useStyles = makeStyles({
  group: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center', flexWrap: 'wrap' },
  inline: { flexWrap: 'nowrap' },
  yes: { color: YES_COLOR },
  no: { color: NO_COLOR },
  big: { minHeight: '72px', minWidth: '8rem', fontSize: tokens.fontSizeBase500, flexGrow: 1 },
  made: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'nowrap' },
});

export interface EvaluateButtonsProps {
  /** The item's description: names the group ("Evaluate …"). */
  item: string;
  onAnswer: (result: EvaluationResult) => void;
  disabled?: boolean;
  /** Big buttons for the one-by-one flow on a phone. */
  large?: boolean;
}

/** Yes and No, in a group named after the item. */
export function EvaluateButtons({ item, onAnswer, disabled, large }: EvaluateButtonsProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  return (
    <div
      role="group"
      aria-label={t('evaluate.group', { item })}
      className={mergeClasses(styles.group, !large && styles.inline)}
    >
      <Button
        className={mergeClasses(large && styles.big)}
        size={large ? 'large' : 'small'}
        icon={<CheckmarkRegular className={styles.yes} />}
        disabled={disabled}
        onClick={() => onAnswer('YES')}
      >
        {t('evaluate.yes')}
      </Button>
      <Button
        className={mergeClasses(large && styles.big)}
        size={large ? 'large' : 'small'}
        icon={<DismissRegular className={styles.no} />}
        disabled={disabled}
        onClick={() => onAnswer('NO')}
      >
        {t('evaluate.no')}
      </Button>
    </div>
  );
}

export interface EvaluateCellProps {
  item: string;
  /** The answer given in this view, if any: shown with a redo button instead of Yes/No. */
  made: EvaluationResult | null;
  onAnswer: (result: EvaluationResult) => void;
  disabled?: boolean;
}

/**
 * The items table's Evaluate column: Yes/No; once answered, the answer's icon and a redo button that shows the
 * Yes/No choice again (spec §4), with Cancel to keep the answer.
 */
export function EvaluateCell({ item, made, onAnswer, disabled }: EvaluateCellProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const [again, setAgain] = useState(false);
  if (made && !again) {
    return (
      <span className={styles.made}>
        <span
          role="img"
          aria-label={t(made === 'YES' ? 'evaluate.answeredYes' : 'evaluate.answeredNo', { item })}
        >
          <ResultIcon result={made} />
        </span>
        <Button
          size="small"
          icon={<ArrowUndoRegular />}
          aria-label={t('evaluate.redoFor', { item })}
          onClick={() => setAgain(true)}
        >
          {t('evaluate.redo')}
        </Button>
      </span>
    );
  }
  return (
    <span className={styles.made}>
      <EvaluateButtons
        item={item}
        disabled={disabled}
        onAnswer={(result) => {
          setAgain(false);
          onAnswer(result);
        }}
      />
      {again ? (
        <Button size="small" appearance="subtle" onClick={() => setAgain(false)}>
          {t('common.cancel')}
        </Button>
      ) : null}
    </span>
  );
}
