import { lazyWithRetry, useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Suspense, useCallback, useRef, useState } from 'react';
import { useToast } from '../../../lib/toaster.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useBehaviorsQuery, type Behavior } from '../api/get-behaviors.js';
import { useBehaviorLogger } from '../hooks/use-behavior-logger.js';
import { BehaviorsTable } from './behaviors-table.js';
import { CreateBehaviorForm } from './create-behavior-form.js';
import { LogFailures } from './log-failures.js';

// The confirmation dialog is fetched with the first Delete, not with the page.
const DeleteBehaviorDialog = lazyWithRetry(() =>
  import('./delete-behavior-dialog.js').then((m) => ({ default: m.DeleteBehaviorDialog })),
);

const useStyles = makeStyles({
  empty: {
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    margin: 0,
  },
});

export interface BehaviorsSectionProps {
  childId: string;
  canEdit: boolean;
  canEvaluate: boolean;
}

/**
 * The behaviours table with one-tap optimistic logging (toast at once; a failure stays on screen with Retry),
 * deletion after confirmation, and the Create behavior row.
 */
export function BehaviorsSection({ childId, canEdit, canEvaluate }: BehaviorsSectionProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const toast = useToast();
  const { data: behaviors, error, isLoading, isFetching, refetch } = useBehaviorsQuery(childId, { skip: !childId });
  const logger = useBehaviorLogger(childId);
  const [toDelete, setToDelete] = useState<Behavior | null>(null);
  // Once asked for, the dialog stays mounted (closed in between), as it was when part of the page.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const { log } = logger;
  const returnFocus = useRef<HTMLElement | null>(null);
  const table = useRef<HTMLDivElement>(null);

  const askDelete = useCallback((behavior: Behavior) => {
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDeleteAsked(true);
    setToDelete(behavior);
  }, []);
  // Focus goes back to the Delete button (cancelled) or to the table (deleted) once the dialog is gone.
  const closeDelete = useCallback(() => {
    setToDelete(null);
    const started = Date.now();
    const restore = () => {
      if (document.querySelector('[role="alertdialog"]') && Date.now() - started < 1500) {
        requestAnimationFrame(restore);
        return;
      }
      const target = returnFocus.current?.isConnected ? returnFocus.current : table.current;
      target?.focus();
    };
    requestAnimationFrame(restore);
  }, []);

  const onLog = useCallback(
    (behavior: Behavior) => {
      log(behavior);
      toast(t('list.logged', { name: behavior.name }));
    },
    [log, toast, t],
  );

  return (
    <div>
      <LogFailures failures={logger.failures} onRetry={logger.retry} onDismiss={logger.dismiss} />
      {error ? (
        <ErrorBanner
          action={
            <Button appearance="primary" size="small" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {errorText(error)}
        </ErrorBanner>
      ) : null}
      {isLoading ? (
        <Spinner size="small" label={t('list.loading')} labelPosition="after" />
      ) : behaviors ? (
        behaviors.length === 0 ? (
          <p className={styles.empty}>{t('list.empty')}</p>
        ) : (
          <BehaviorsTable
            ref={table}
            childId={childId}
            behaviors={behaviors}
            busy={isFetching}
            canLog={canEvaluate}
            canDelete={canEdit}
            onLog={onLog}
            onDelete={askDelete}
          />
        )
      ) : null}
      {canEdit && behaviors ? <CreateBehaviorForm childId={childId} /> : null}
      {deleteAsked ? (
        <Suspense fallback={null}>
          <DeleteBehaviorDialog childId={childId} behavior={toDelete} onClose={closeDelete} />
        </Suspense>
      ) : null}
    </div>
  );
}
