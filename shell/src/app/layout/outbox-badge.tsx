import { formatDateTime, Link, useTranslation } from '@aba/web-kit';
import { isOverdue, useOutboxStatus } from '@aba/web-kit/outbox';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular } from '@fluentui/react-icons';

const useStyles = makeStyles({
  badge: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '44px',
    minWidth: '44px',
    justifyContent: 'center',
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorPaletteMarigoldBackground2,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
  },
  alarm: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
  },
});

/**
 * The header's count of the user's captures this phone has not got onto the server yet, with the last sync in its
 * name; red when one needs a person or has waited over 24 hours online. Leads to the page that lists them. Shown
 * only while something waits.
 */
export function OutboxBadge({ userId }: { userId: string }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const { records, lastSyncAt } = useOutboxStatus(userId);
  if (records.length === 0) return null;
  const now = Date.now();
  const alarming = records.some((record) => record.attention || isOverdue(record, now, navigator.onLine));
  const label = t('outbox.badgeLabel', {
    count: records.length,
    time: lastSyncAt ? formatDateTime(lastSyncAt) : t('outbox.neverSynced'),
  });
  return (
    <Link
      to="/outbox"
      className={mergeClasses(styles.badge, alarming && styles.alarm)}
      aria-label={label}
      title={label}
    >
      <ArrowSyncRegular aria-hidden="true" />
      {records.length}
    </Link>
  );
}
