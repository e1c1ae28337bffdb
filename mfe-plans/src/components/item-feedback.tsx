import type { EvaluationResult } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import type { FeedbackEntry, Message } from '../lib/item-feedback.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { isKeptOnDevice } from '@aba/web-kit/outbox';
import { useErrorText } from '../lib/use-error-text.js';

const useStyles = makeStyles({
  live: { minWidth: 0 },
  notice: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  text: { margin: 0, flexGrow: 1, minWidth: '10rem', overflowWrap: 'anywhere' },
});

/** `{ result: 'YES' }` → `{ result: 'Yes' }`: the results a message names, in the reader's language. */
function useMessageText(): (message: Message) => string {
  const { t } = useTranslation('plans');
  return ({ key, values }) => {
    const shown: Record<string, string | number> = { ...values };
    for (const field of ['result', 'previous'] as const) {
      const value = values?.[field];
      if (value === 'YES' || value === 'NO') shown[field] = t(`result.${value as EvaluationResult}`);
    }
    return t(key, shown);
  };
}

export interface ItemFeedbackProps {
  /** The item's message, if any. */
  entry: FeedbackEntry | undefined;
  /** The item's description (messages and button names say which item). */
  item: string;
  /** Undo of what was saved or corrected (pages that record answers). */
  onUndo?: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}

/**
 * An item's message, in its row: what was saved or corrected (with Undo, announced politely), what an Undo or a delete
 * did, or, taking the focus, an answer that was NOT saved or an action that failed, with Retry.
 */
export function ItemFeedback({ entry, item, onUndo, onRetry, onDismiss }: ItemFeedbackProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const errorText = useErrorText();
  const messageText = useMessageText();
  const notice = useRef<HTMLDivElement>(null);
  const serial = entry?.serial;

  // An Undo button that goes away with its message would drop the focus onto the page: it stays on the message.
  useEffect(() => {
    if (serial !== undefined && document.activeElement === document.body) notice.current?.focus();
  }, [serial]);

  const transient =
    entry && (entry.kind === 'recorded' || entry.kind === 'corrected' || entry.kind === 'done')
      ? entry
      : null;
  return (
    <>
      <div role="status" className={styles.live}>
        {transient ? (
          <div ref={notice} tabIndex={-1} className={styles.notice}>
            <p className={styles.text}>
              {transient.kind === 'recorded'
                ? messageText({
                    key: 'feedback.recorded',
                    values: { result: transient.evaluation.result, item },
                  })
                : transient.kind === 'corrected'
                  ? messageText({
                      key: 'feedback.corrected',
                      values: { result: transient.evaluation.result, previous: transient.previous, item },
                    })
                  : messageText({ ...transient.message, values: { ...transient.message.values, item } })}
            </p>
            {transient.kind !== 'done' && onUndo ? (
              <Button
                className={tap.target}
                icon={<ArrowUndoRegular />}
                aria-label={t('feedback.undoLabel', { item })}
                onClick={onUndo}
              >
                {t('feedback.undo')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {entry && (entry.kind === 'unsaved' || entry.kind === 'failed') ? (
        <ActionError
          focusKey={entry.serial}
          action={
            <span className={mergeClasses(tap.row)}>
              <Button
                className={tap.target}
                appearance="primary"
                aria-label={t(
                  entry.kind === 'unsaved' ? 'feedback.retryAnswerLabel' : 'feedback.retryLabel',
                  { item },
                )}
                onClick={onRetry}
              >
                {t('feedback.retry')}
              </Button>
              <Button
                className={tap.target}
                aria-label={t(entry.kind === 'unsaved' ? 'feedback.discardLabel' : 'feedback.dismissLabel', {
                  item,
                })}
                onClick={onDismiss}
              >
                {t(entry.kind === 'unsaved' ? 'feedback.discard' : 'feedback.dismiss')}
              </Button>
            </span>
          }
        >
          {entry.kind === 'unsaved'
            ? messageText({
                key: isKeptOnDevice(entry.error) ? 'feedback.unsavedKept' : 'feedback.unsaved',
                values: { result: entry.result, item, error: errorText(entry.error) },
              })
            : `${messageText({ ...entry.message, values: { ...entry.message.values, item } })} ${errorText(entry.error)}`}
        </ActionError>
      ) : null}
    </>
  );
}
