import { useTranslation } from '@aba/web-kit';
import { ConfirmDialog } from '@aba/web-kit/forms';
import { Select, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Subscription, SubscriptionStatus } from '../api/get-subscriptions.js';
import { useUpdateSubscriptionStatusMutation } from '../api/update-subscription-status.js';
import {
  isSubscriptionStatus,
  needsConfirmation,
  STATUS_OPTIONS,
  subscriptionUserName,
} from '../hooks/subscriptions.js';

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  select: { minWidth: '9rem' },
});

export interface SubscriptionStatusSelectProps {
  subscription: Subscription;
  onChanged: (subscription: Subscription, status: SubscriptionStatus) => void;
  onError: (subscription: Subscription, error: unknown) => void;
}

/**
 * The row's status dropdown (spec §4). Canceling or pausing asks first, saying that the subscription's licences are
 * taken back from the children using them; activating applies at once. While saving the dropdown shows the picked
 * status, disabled; the caller toasts the change (the list reloads) or shows the failure, and the dropdown returns
 * to the saved status. Nothing changes before the admin confirms.
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
  const [asking, setAsking] = useState<SubscriptionStatus | null>(null);
  const name = subscriptionUserName(subscription);

  const apply = async (status: SubscriptionStatus) => {
    setAsking(null);
    setPicked(status);
    try {
      await updateStatus({ subscription_id: subscription.id, status }).unwrap();
      onChanged(subscription, status);
    } catch (error) {
      onError(subscription, error);
    } finally {
      setPicked(null);
    }
  };

  const change = (value: string) => {
    if (!isSubscriptionStatus(value) || value === subscription.status || isLoading) return;
    if (needsConfirmation(value)) setAsking(value);
    else void apply(value);
  };

  return (
    <span className={styles.cell}>
      <Select
        className={styles.select}
        aria-label={t('subscriptions.statusOf', { id: subscription.id, name })}
        value={picked ?? subscription.status}
        disabled={isLoading}
        onChange={(_event, data) => change(data.value)}
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
      <ConfirmDialog
        open={asking !== null}
        title={t(`subscriptions.confirm.title.${asking ?? 'canceled'}`)}
        confirmLabel={t(`subscriptions.confirm.apply.${asking ?? 'canceled'}`)}
        cancelLabel={t('subscriptions.confirm.keep')}
        onConfirm={() => asking && void apply(asking)}
        onCancel={() => setAsking(null)}
      >
        {t('subscriptions.confirm.body', {
          name: name || subscription.user_id,
          quantity: subscription.quantity,
          status: t(`subscriptions.statuses.${asking ?? 'canceled'}`),
        })}
      </ConfirmDialog>
    </span>
  );
}
