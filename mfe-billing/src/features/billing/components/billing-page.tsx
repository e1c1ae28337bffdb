import {
  PageHeading,
  useLocation,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, SuccessBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetBillingChildrenQuery } from '../api/get-children.js';
import { useGetSubscriptionDataQuery } from '../api/get-subscription-data.js';
import { billingSummary, navigationError, unlicensedChildren } from '../hooks/licences.js';
import { ChildrenLicences } from './children-licences.js';
import { SubscriptionCard } from './subscription-card.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
  feedback: { scrollMarginTop: '1rem' },
});

/** The outcome of the last action; `id` remounts the banner so a repeated message is announced again. */
type Feedback = ({ kind: 'error'; error: unknown } | { kind: 'success'; text: string }) & { id: number };

/**
 * /billing (spec §2): "Your subscription" (active licences, licences in use, Manage / Add licenses) and
 * "Your children" (licence per child, remove with confirmation, add for a child without one). A message
 * passed in navigation state (`{ error }`, e.g. from the no-licence redirect) shows in a red alert on top.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('billing');
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedWithError = navigationError(location.state);

  const usesQuery = useGetSubscriptionDataQuery();
  const childrenQuery = useGetBillingChildrenQuery();
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);

  // A new outcome scrolls into view (the alert is also announced: role="alert" / role="status").
  useEffect(() => {
    if (feedback) feedbackRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [feedback]);

  const showError = useCallback(
    (error: unknown) => setFeedback((last) => ({ kind: 'error', error, id: (last?.id ?? 0) + 1 })),
    [],
  );
  const onAdded = (name: string) => {
    setFeedback((last) => ({
      kind: 'success',
      text: t('children.added', { name }),
      id: (last?.id ?? 0) + 1,
    }));
    // The message that brought the user here ("no active licenses") no longer applies.
    if (arrivedWithError) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };
  const onRemoved = (name: string) =>
    setFeedback((last) => ({
      kind: 'success',
      text: t('children.removed', { name }),
      id: (last?.id ?? 0) + 1,
    }));

  const loadError = usesQuery.error ?? childrenQuery.error;
  const data = usesQuery.data;
  const uses = data?.subscriptions_in_use ?? [];
  const unlicensed = childrenQuery.data ? unlicensedChildren(childrenQuery.data.children, uses) : [];

  return (
    <section className={styles.page}>
      <PageHeading>{t('title')}</PageHeading>
      {arrivedWithError ? <ErrorBanner>{translateError(arrivedWithError)}</ErrorBanner> : null}
      <div ref={feedbackRef} className={styles.feedback}>
        {feedback?.kind === 'error' ? (
          <ErrorBanner key={feedback.id}>{translateError(feedback.error)}</ErrorBanner>
        ) : null}
        {feedback?.kind === 'success' ? (
          <SuccessBanner key={feedback.id}>{feedback.text}</SuccessBanner>
        ) : null}
      </div>
      {loadError ? (
        <ErrorBanner
          action={
            <Button
              appearance="primary"
              size="small"
              onClick={() => {
                if (usesQuery.error) void usesQuery.refetch();
                if (childrenQuery.error) void childrenQuery.refetch();
              }}
            >
              {t('retry')}
            </Button>
          }
        >
          {translateError(loadError)}
        </ErrorBanner>
      ) : null}
      {usesQuery.isLoading ? (
        <Spinner size="small" label={t('loading')} labelPosition="after" />
      ) : data ? (
        <>
          <SubscriptionCard
            summary={billingSummary(data)}
            onlinePayment={data.online_payment}
            onError={showError}
          />
          <ChildrenLicences
            uses={uses}
            allChildren={childrenQuery.data?.children}
            unlicensed={unlicensed}
            busy={usesQuery.isFetching || childrenQuery.isFetching}
            onAdded={onAdded}
            onRemoved={onRemoved}
            onError={showError}
          />
        </>
      ) : null}
    </section>
  );
}
