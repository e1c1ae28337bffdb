import type { MasterySuggestion, RejectionReason } from '@aba/contracts/api';
import {
  EmptyState,
  Loading,
  PageHeading,
  useChildPermissions,
  useLicenceRedirect,
  useLicenceRedirectHandler,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, LoadFailure } from '@aba/web-kit/forms';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useMasterySuggestionsQuery } from '../../../lib/api/get-mastery-suggestions.js';
import { CriterionSection } from '../../../lib/criterion/criterion-editor.js';
import { PlansToaster, useToast } from '../../../lib/toaster.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useAcceptSuggestionMutation, useRejectSuggestionMutation } from '../api/decide-suggestion.js';
import { RejectDialog } from './reject-dialog.js';
import { SuggestionCard } from './suggestion-card.js';

const useStyles = makeStyles({
  page: { minWidth: 0, display: 'grid', gap: tokens.spacingVerticalL },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM },
});

interface Failure {
  name: string;
  error: unknown;
  /** Moves the focus to the error again on each failure. */
  count: number;
}

/**
 * /child/{id}/to-confirm (issue 15): the status changes a CONFIRM rule proposed, oldest first, with what they rest on;
 * the owner and coordinators accept them or reject them with a reason. Below, the child's default criterion.
 */
export function ToConfirmPage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const errorText = useErrorText();
  const toast = useToast();
  const childId = useChildId();
  const { canEdit } = useChildPermissions(childId);
  const { currentData, error, isFetching, refetch } = useMasterySuggestionsQuery(childId, {
    refetchOnMountOrArgChange: true,
  });
  const redirecting = useLicenceRedirect(error);
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const [accept, { isLoading: accepting, originalArgs: accepted }] = useAcceptSuggestionMutation();
  const [reject, { isLoading: rejecting, error: rejectError, reset: resetReject }] =
    useRejectSuggestionMutation();
  const [rejected, setRejected] = useState<MasterySuggestion | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const args = (suggestion: MasterySuggestion) => ({
    childId,
    suggestionId: suggestion.id,
    itemId: suggestion.item_id,
  });

  const onAccept = async (suggestion: MasterySuggestion) => {
    setFailure(null);
    try {
      await accept(args(suggestion)).unwrap();
      toast(
        t('toast.itemMoved', { name: suggestion.item_description, status: t(`itemStatus.${suggestion.to}`) }),
      );
    } catch (cause) {
      if (!redirectIfUnlicensed(cause))
        setFailure((last) => ({
          name: suggestion.item_description,
          error: cause,
          count: (last?.count ?? 0) + 1,
        }));
    }
  };

  const openReject = (suggestion: MasterySuggestion) => {
    setFailure(null);
    resetReject();
    setRejected(suggestion);
  };

  // A failed rejection is said in the dialog, which stays open with the reason chosen.
  const onReject = async (suggestion: MasterySuggestion, reason: RejectionReason) => {
    try {
      await reject({ ...args(suggestion), reason }).unwrap();
      setRejected(null);
      toast(t('toConfirm.rejected', { name: suggestion.item_description }));
    } catch (cause) {
      redirectIfUnlicensed(cause);
    }
  };

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  return (
    <section className={styles.page} aria-busy={isFetching}>
      <PlansToaster />
      <PageHeading>{t('toConfirm.title')}</PageHeading>
      <p className={styles.intro}>{t(canEdit ? 'toConfirm.intro' : 'toConfirm.introReader')}</p>
      {failure ? (
        <ActionError focusKey={failure.count}>
          {t('toConfirm.failed', { name: failure.name, error: errorText(failure.error) })}
        </ActionError>
      ) : null}
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {isFetching && !currentData ? <Loading announced label={t('toConfirm.loading')} /> : null}
      {currentData && currentData.length === 0 ? <EmptyState>{t('toConfirm.empty')}</EmptyState> : null}
      {currentData && currentData.length > 0 ? (
        <ul className={styles.list} aria-label={t('toConfirm.listLabel')}>
          {currentData.map((suggestion) => (
            <li key={suggestion.id}>
              <SuggestionCard
                suggestion={suggestion}
                childId={childId}
                canDecide={canEdit}
                accepting={accepting && accepted?.suggestionId === suggestion.id}
                onAccept={() => void onAccept(suggestion)}
                onReject={() => openReject(suggestion)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <CriterionSection
        level={{ kind: 'child', childId }}
        canEdit={canEdit}
        title={t('criterion.childTitle')}
      />
      <RejectDialog
        key={rejected?.id ?? 'closed'}
        suggestion={rejected}
        busy={rejecting}
        error={rejectError ? errorText(rejectError) : null}
        onReject={(reason) => rejected && void onReject(rejected, reason)}
        onCancel={() => setRejected(null)}
      />
    </section>
  );
}
