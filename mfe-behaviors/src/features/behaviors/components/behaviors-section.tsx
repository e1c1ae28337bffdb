import { EmptyState, lazyWithRetry, Loading, useTranslation } from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Suspense, useCallback, useRef, useState } from 'react';
import { NARROW_SCREEN, useMediaQuery } from '@aba/web-kit/capture';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useChildBehaviors, type BehaviorListItem } from '../api/get-behaviors.js';
import { useBehaviorLogger } from '../hooks/use-behavior-logger.js';
import { useLoggingTaps } from '../hooks/use-logging-taps.js';
import { BehaviorCards } from './behavior-cards.js';
import { BehaviorsTable } from './behaviors-table.js';
import { CreateBehaviorForm } from './create-behavior-form.js';
import { DoubleTapDialog } from './double-tap-dialog.js';
import { LogFailures } from './log-failures.js';

// The confirmation dialog is fetched with the first Delete, not with the page.
const DeleteBehaviorDialog = lazyWithRetry(() =>
  import('./delete-behavior-dialog.js').then((m) => ({ default: m.DeleteBehaviorDialog })),
);

const useStyles = makeStyles({
  orphans: { marginBottom: tokens.spacingVerticalM },
});

export interface BehaviorsSectionProps {
  childId: string;
  canEdit: boolean;
  canEvaluate: boolean;
  /** A behaviour was logged (after the double-tap question, if one was asked). */
  onLogged: (behavior: { id: string; name: string }) => void;
}

/**
 * The behaviours, as a table on a wide screen and stacked cards on a phone, each with today's count: one-tap
 * optimistic logging (toast at once; a failure shows in the behaviour's row, not counted, with Retry; a second tap
 * within a moment asks whether it was two occurrences), deletion after confirmation, and the Create behavior row.
 */
export function BehaviorsSection({ childId, canEdit, canEvaluate, onLogged }: BehaviorsSectionProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const { data: behaviors, error, isLoading, isFetching, refetch } = useChildBehaviors(childId);
  const logger = useBehaviorLogger(childId);
  const taps = useLoggingTaps(logger.log, onLogged);
  const [toDelete, setToDelete] = useState<BehaviorListItem | null>(null);
  // Once asked for, the dialog stays mounted (closed in between), as it was when part of the page.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const list = useRef<HTMLElement>(null);

  const askDelete = useCallback((behavior: BehaviorListItem) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDeleteAsked(true);
    setToDelete(behavior);
  }, []);
  // Focus goes back to the Delete button (cancelled) or to the list (deleted) once the dialog is gone.
  const closeDelete = useCallback(() => {
    setToDelete(null);
    const started = Date.now();
    const restore = () => {
      if (document.querySelector('[role="alertdialog"]') && Date.now() - started < 1500) {
        requestAnimationFrame(restore);
        return;
      }
      const target = returnFocus.current?.isConnected ? returnFocus.current : list.current;
      target?.focus();
    };
    requestAnimationFrame(restore);
  }, []);

  const retry = (keys: string[]) => keys.forEach(logger.retry);
  const dismiss = (keys: string[]) => keys.forEach(logger.dismiss);
  const failuresOf = (behaviorId: string) => {
    const unsaved = logger.failures.filter((log) => log.behaviorId === behaviorId);
    return unsaved.length > 0 ? <LogFailures failures={unsaved} onRetry={retry} onDismiss={dismiss} /> : null;
  };
  // Unsaved logs of a behaviour no longer listed (deleted meanwhile) still show, above the list.
  const listed = new Set((behaviors ?? []).map((behavior) => behavior.id));
  const orphans = behaviors ? logger.failures.filter((log) => !listed.has(log.behaviorId)) : [];
  const Rows = narrow ? BehaviorCards : BehaviorsTable;

  return (
    <div>
      {orphans.length > 0 ? (
        <div className={styles.orphans}>
          <LogFailures failures={orphans} onRetry={retry} onDismiss={dismiss} />
        </div>
      ) : null}
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {isLoading ? (
        <Loading label={t('list.loading')} />
      ) : behaviors ? (
        behaviors.length === 0 ? (
          <EmptyState>{t('list.empty')}</EmptyState>
        ) : (
          <Rows
            ref={list}
            childId={childId}
            behaviors={behaviors}
            busy={isFetching}
            canLog={canEvaluate}
            canDelete={canEdit}
            sending={logger.sending}
            failures={failuresOf}
            onLog={taps.tap}
            onDelete={askDelete}
          />
        )
      ) : null}
      {canEdit && behaviors ? <CreateBehaviorForm childId={childId} /> : null}
      <DoubleTapDialog behavior={taps.asking} onAnswer={taps.answer} />
      {deleteAsked ? (
        <Suspense fallback={null}>
          <DeleteBehaviorDialog childId={childId} behavior={toDelete} onClose={closeDelete} />
        </Suspense>
      ) : null}
    </div>
  );
}
