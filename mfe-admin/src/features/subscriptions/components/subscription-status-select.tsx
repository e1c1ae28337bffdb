import { useTranslation } from '@aba/web-kit';
import { Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Subscription, SubscriptionStatus } from '../api/get-subscriptions.js';
import { useUpdateSubscriptionStatusMutation } from '../api/update-subscription-status.js';
import { isSubscriptionStatus, STATUS_OPTIONS, subscriptionUserName } from '../hooks/subscriptions.js';

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  select: { minWidth: '9rem' },
});

export interface SubscriptionStatusSelectProps {
  subscription: Subscription;
  onChanged: (subscription: Subscription, status: SubscriptionStatus) => void;
  onError: (error: unknown) => void;
}

/**
 * The row's status dropdown (spec §4): picking a status saves it at once (POST update-status) and the list
 * reloads; while saving it shows the picked status, disabled; on failure it returns to the saved status.
 */
export function SubscriptionStatusSelect({
  subscription,
  onChanged,
  onError,
}: SubscriptionStatusSelectProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const [updateStatus, { isLoading }] = useUpdateSubscriptionStatusMutation();
  const [picked, setPicked] = useState<SubscriptionStatus | null>(null);

  const change = async (value: string) => {
    if (!isSubscriptionStatus(value) || value === subscription.status || isLoading) return;
    setPicked(value);
    try {
      await updateStatus({ subscription_id: subscription.id, status: value }).unwrap();
      onChanged(subscription, value);
    } catch (error) {
      onError(error);
    } finally {
      setPicked(null);
    }
  };

  return (
    <span className={styles.cell}>
      <Select
        className={styles.select}
        aria-label={t('subscriptions.statusOf', {
          id: subscription.id,
          name: subscriptionUserName(subscription),
        })}
        value={picked ?? subscription.status}
        disabled={isLoading}
        onChange={(_event, data) => void change(data.value)}
      >
        {/* A status the dropdown does not know (newer server) is still shown as it is. */}
        {isSubscriptionStatus(subscription.status) ? null : (
          <option value={subscription.status}>{subscription.status}</option>
        )}
        {STATUS_OPTIONS.map((status) => (
          <option key={status} value={status}>
            {t(`subscriptions.statuses.${status}`)}
          </option>
        ))}
      </Select>
      {isLoading ? <Spinner size="extra-tiny" aria-hidden /> : null}
    </span>
  );
}
