import { formatDate, TableRegion, useTableStyles, useTranslation } from '@aba/web-kit';
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { ActionError } from '@aba/web-kit/forms';
import { Fragment } from 'react';
import type { Subscription, SubscriptionStatus } from '../api/get-subscriptions.js';
import { subscriptionUserName } from '../hooks/subscriptions.js';
import { SubscriptionStatusSelect } from './subscription-status-select.js';

const useStyles = makeStyles({
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  number: { textAlign: 'end' },
  // Under a table wider than a phone, the message stays within the screen's width.
  failure: { maxWidth: 'min(40rem, calc(100vw - 3rem))', whiteSpace: 'normal' },
});

const COLUMNS = [
  'id',
  'userId',
  'userName',
  'quantity',
  'status',
  'created',
  'lastUpdate',
  'stripeId',
] as const;

/** A status change that failed: shown in a row under its subscription, focused. */
export interface StatusFailure {
  subscriptionId: string;
  text: string;
  count: number;
}

export interface SubscriptionsTableProps {
  subscriptions: readonly Subscription[];
  busy: boolean;
  failure: StatusFailure | null;
  onStatusChanged: (subscription: Subscription, status: SubscriptionStatus) => void;
  onError: (subscription: Subscription, error: unknown) => void;
}

/**
 * The subscriptions table (spec §2): Id, User id, User name, Quantity, Status (a dropdown per row),
 * Creation date, Last updated (both en-GB), Stripe id. A failed status change shows in a row under its subscription.
 */
export function SubscriptionsTable({
  subscriptions,
  busy,
  failure,
  onStatusChanged,
  onError,
}: SubscriptionsTableProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  return (
    <TableRegion label={t('subscriptions.tableRegion')}>
      <Table className={tableStyles.table} aria-label={t('subscriptions.title')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={tableStyles.nowrap}>
                {t(`subscriptions.columns.${column}`)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {subscriptions.map((subscription) => (
            <Fragment key={subscription.id}>
              <TableRow>
                <TableCell className={styles.id}>{subscription.id}</TableCell>
                <TableCell className={styles.id}>{subscription.user_id}</TableCell>
                <TableCell className={tableStyles.nowrap}>{subscriptionUserName(subscription)}</TableCell>
                <TableCell className={styles.number}>{subscription.quantity}</TableCell>
                <TableCell>
                  <SubscriptionStatusSelect
                    subscription={subscription}
                    onChanged={onStatusChanged}
                    onError={onError}
                  />
                </TableCell>
                <TableCell className={tableStyles.nowrap}>
                  <time dateTime={subscription.created}>{formatDate(subscription.created)}</time>
                </TableCell>
                <TableCell className={tableStyles.nowrap}>
                  <time dateTime={subscription.last_update}>{formatDate(subscription.last_update)}</time>
                </TableCell>
                <TableCell className={styles.id}>
                  {subscription.stripe_id || t('subscriptions.noStripeId')}
                </TableCell>
              </TableRow>
              {failure?.subscriptionId === subscription.id ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>
                    <div className={styles.failure}>
                      <ActionError focusKey={failure.count}>{failure.text}</ActionError>
                    </div>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
