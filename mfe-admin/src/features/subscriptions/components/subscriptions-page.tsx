import { PageHeading, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ErrorBanner, SuccessBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import {
  useGetSubscriptionsQuery,
  type Subscription,
  type SubscriptionStatus,
} from '../api/get-subscriptions.js';
import { subscriptionUserName } from '../hooks/subscriptions.js';
import { CreateSubscriptionCard } from './create-subscription-card.js';
import { SubscriptionsTable } from './subscriptions-table.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
  empty: {
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    margin: 0,
  },
});

type Outcome = { kind: 'error'; error: unknown; id: number } | { kind: 'success'; text: string; id: number };

/** /admin/subscriptions (ADMIN): every subscription with a status dropdown, and the "Create subscription" card. */
export function SubscriptionsPage() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('admin');
  const { data, error, isLoading, isFetching, refetch } = useGetSubscriptionsQuery();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onError = useCallback(
    (failure: unknown) => setOutcome((last) => ({ kind: 'error', error: failure, id: (last?.id ?? 0) + 1 })),
    [],
  );
  const onStatusChanged = (subscription: Subscription, status: SubscriptionStatus) =>
    setOutcome((last) => ({
      kind: 'success',
      text: t('subscriptions.statusChanged', {
        name: subscriptionUserName(subscription),
        status: t(`subscriptions.statuses.${status}`),
      }),
      id: (last?.id ?? 0) + 1,
    }));

  return (
    <section className={styles.page}>
      <PageHeading>{t('subscriptions.title')}</PageHeading>
      {error ? (
        <ErrorBanner
          action={
            <Button appearance="primary" size="small" onClick={() => void refetch()}>
              {t('subscriptions.retry')}
            </Button>
          }
        >
          {translateError(error)}
        </ErrorBanner>
      ) : null}
      {outcome?.kind === 'error' ? (
        <ErrorBanner key={outcome.id}>{translateError(outcome.error)}</ErrorBanner>
      ) : null}
      {outcome?.kind === 'success' ? <SuccessBanner key={outcome.id}>{outcome.text}</SuccessBanner> : null}
      {isLoading ? (
        <Spinner size="small" label={t('subscriptions.loading')} labelPosition="after" />
      ) : data ? (
        data.subscriptions.length === 0 ? (
          <p className={styles.empty}>{t('subscriptions.empty')}</p>
        ) : (
          <SubscriptionsTable
            subscriptions={data.subscriptions}
            busy={isFetching}
            onStatusChanged={onStatusChanged}
            onError={onError}
          />
        )
      ) : null}
      <CreateSubscriptionCard />
    </section>
  );
}
