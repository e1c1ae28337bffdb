import { EmptyState, Loading, PageHeading, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { makeStyles } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { AdminToaster, useToast } from '../../../lib/toaster.js';
import {
  useGetSubscriptionsQuery,
  type Subscription,
  type SubscriptionStatus,
} from '../api/get-subscriptions.js';
import { subscriptionUserName } from '../hooks/subscriptions.js';
import { CreateSubscriptionCard } from './create-subscription-card.js';
import { SubscriptionsTable, type StatusFailure } from './subscriptions-table.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
});

/**
 * /admin/subscriptions (ADMIN): every subscription with a status dropdown (each change toasted; canceling and
 * pausing confirmed first), and the "Create subscription" card.
 */
export function SubscriptionsPage() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('admin');
  const toast = useToast();
  const { data, error, isLoading, isFetching, refetch } = useGetSubscriptionsQuery();
  const [failure, setFailure] = useState<StatusFailure | null>(null);
  const nameOf = (subscription: Subscription) => subscriptionUserName(subscription) || subscription.user_id;

  const onStatusError = (subscription: Subscription, failed: unknown) =>
    setFailure((last) => ({
      subscriptionId: subscription.id,
      text: t('subscriptions.statusFailed', { name: nameOf(subscription), error: translateError(failed) }),
      count: (last?.count ?? 0) + 1,
    }));
  const onStatusChanged = useCallback(
    (subscription: Subscription, status: SubscriptionStatus) => {
      setFailure(null);
      toast(
        status === 'active'
          ? t('subscriptions.reactivated', {
              name: subscriptionUserName(subscription) || subscription.user_id,
            })
          : t('subscriptions.statusChanged', {
              name: subscriptionUserName(subscription) || subscription.user_id,
              status: t(`subscriptions.statuses.${status}`),
            }),
      );
    },
    [t, toast],
  );

  return (
    <section className={styles.page}>
      <PageHeading>{t('subscriptions.title')}</PageHeading>
      <AdminToaster />
      {error ? <LoadFailure onRetry={() => void refetch()}>{translateError(error)}</LoadFailure> : null}
      {isLoading ? (
        <Loading label={t('subscriptions.loading')} />
      ) : data ? (
        data.subscriptions.length === 0 ? (
          <EmptyState>{t('subscriptions.empty')}</EmptyState>
        ) : (
          <SubscriptionsTable
            subscriptions={data.subscriptions}
            busy={isFetching}
            failure={failure}
            onStatusChanged={onStatusChanged}
            onError={onStatusError}
          />
        )
      ) : null}
      <CreateSubscriptionCard />
    </section>
  );
}
