import { TableRegion, useTranslation } from '@aba/web-kit';
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
import { formatDate } from '../../../utils/format-date.js';
import type { Subscription, SubscriptionStatus } from '../api/get-subscriptions.js';
import { subscriptionUserName } from '../hooks/subscriptions.js';
import { SubscriptionStatusSelect } from './subscription-status-select.js';

const useStyles = makeStyles({
  // Columns sized by their content (Fluent's default is fixed, equal columns); wider than the screen → scroll.
  table: { tableLayout: 'auto', width: '100%' },
  nowrap: { whiteSpace: 'nowrap' },
  id: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  number: { textAlign: 'end' },
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

export interface SubscriptionsTableProps {
  subscriptions: readonly Subscription[];
  busy: boolean;
  onStatusChanged: (subscription: Subscription, status: SubscriptionStatus) => void;
  onError: (error: unknown) => void;
}

/**
 * The subscriptions table (spec §2): Id, User id, User name, Quantity, Status (a dropdown per row),
 * Creation date, Last updated (both en-GB), Stripe id.
 */
export function SubscriptionsTable({
  subscriptions,
  busy,
  onStatusChanged,
  onError,
}: SubscriptionsTableProps) {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  return (
    <TableRegion label={t('subscriptions.tableRegion')}>
      <Table className={styles.table} aria-label={t('subscriptions.title')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column} className={styles.nowrap}>
                {t(`subscriptions.columns.${column}`)}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {subscriptions.map((subscription) => (
            <TableRow key={subscription.id}>
              <TableCell className={styles.id}>{subscription.id}</TableCell>
              <TableCell className={styles.id}>{subscription.user_id}</TableCell>
              <TableCell className={styles.nowrap}>{subscriptionUserName(subscription)}</TableCell>
              <TableCell className={styles.number}>{subscription.quantity}</TableCell>
              <TableCell>
                <SubscriptionStatusSelect
                  subscription={subscription}
                  onChanged={onStatusChanged}
                  onError={onError}
                />
              </TableCell>
              <TableCell className={styles.nowrap}>
                <time dateTime={subscription.created}>{formatDate(subscription.created)}</time>
              </TableCell>
              <TableCell className={styles.nowrap}>
                <time dateTime={subscription.last_update}>{formatDate(subscription.last_update)}</time>
              </TableCell>
              <TableCell className={styles.id}>
                {subscription.stripe_id || t('subscriptions.noStripeId')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
