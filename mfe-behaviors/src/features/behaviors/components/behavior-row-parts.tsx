import { Link, useTranslation } from '@aba/web-kit';
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { AddCircleRegular, DeleteRegular } from '@fluentui/react-icons';
import type { BehaviorListItem } from '../api/get-behaviors.js';

/** The pieces of one behaviour's row, shared by the table (wide screens) and the stacked cards (phones). */
const useStyles = makeStyles({
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    minWidth: '44px',
    color: tokens.colorBrandForegroundLink,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'underline',
    wordBreak: 'break-word',
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: '2px' },
  },
  count: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  button: { minHeight: '44px', minWidth: '44px' },
});

export function BehaviorLink({ childId, behavior }: { childId: string; behavior: BehaviorListItem }) {
  const styles = useStyles();
  return (
    <Link
      className={styles.link}
      to={`/child/${encodeURIComponent(childId)}/behavior/${encodeURIComponent(behavior.id)}`}
    >
      {behavior.name}
    </Link>
  );
}

/** Today's occurrences: the saved ones plus the taps still on their way (a failed tap drops out again). */
export function TodayCount({ behavior, sending }: { behavior: BehaviorListItem; sending: number }) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const count = (behavior.occurrences_since ?? 0) + sending;
  return (
    <span className={styles.count} data-testid="today-count">
      {t('list.today', { count })}
      {sending > 0 ? <Spinner size="extra-tiny" aria-label={t('list.saving')} /> : null}
    </span>
  );
}

export interface BehaviorActionsProps {
  behavior: BehaviorListItem;
  canLog: boolean;
  canDelete: boolean;
  /** `tappedAt`: the tap's event time (`performance.now()` clock). */
  onLog: (behavior: BehaviorListItem, tappedAt: number) => void;
  onDelete: (behavior: BehaviorListItem) => void;
}

/** Log behavior and Delete, 44 px tall at least with 8 px between them (touch targets). */
export function BehaviorActions({ behavior, canLog, canDelete, onLog, onDelete }: BehaviorActionsProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  return (
    <div className={styles.actions}>
      {canLog ? (
        <Button
          className={styles.button}
          appearance="primary"
          icon={<AddCircleRegular />}
          aria-label={t('list.logLabel', { name: behavior.name })}
          onClick={(event) => onLog(behavior, event.timeStamp)}
        >
          {t('list.log')}
        </Button>
      ) : null}
      {canDelete ? (
        <Button
          className={styles.button}
          icon={<DeleteRegular />}
          aria-label={t('list.deleteLabel', { name: behavior.name })}
          onClick={() => onDelete(behavior)}
        >
          {t('list.delete')}
        </Button>
      ) : null}
    </div>
  );
}
