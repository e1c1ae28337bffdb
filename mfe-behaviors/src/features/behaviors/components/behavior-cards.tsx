import { useTranslation } from '@aba/web-kit';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Ref } from 'react';
import { BehaviorActions, BehaviorLink, TodayCount } from './behavior-row-parts.js';
import type { BehaviorRowsProps } from './behaviors-table.js';

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    columnGap: tokens.spacingHorizontalM,
  },
});

/**
 * The child's behaviours on a phone: one stacked card each (name, today's count, Log behavior and Delete, unsaved
 * logs), so nothing a therapist needs sits off-screen to the right.
 */
export function BehaviorCards({ ref, childId, behaviors, busy, canLog, canDelete, sending, failures, onLog, onDelete }: BehaviorRowsProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  return (
    <ul
      ref={ref as Ref<HTMLUListElement>}
      className={styles.list}
      aria-label={t('list.tableLabel')}
      aria-busy={busy}
      tabIndex={-1}
    >
      {behaviors.map((behavior) => (
        <li key={behavior.id} className={styles.card} aria-label={behavior.name}>
          <div className={styles.header}>
            <BehaviorLink childId={childId} behavior={behavior} />
            <TodayCount behavior={behavior} sending={sending(behavior.id)} />
          </div>
          <BehaviorActions behavior={behavior} canLog={canLog} canDelete={canDelete} onLog={onLog} onDelete={onDelete} />
          {failures(behavior.id)}
        </li>
      ))}
    </ul>
  );
}
