import { useTranslation } from '@aba/web-kit';
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useCaptureCardStyles } from '@aba/web-kit/capture';
import type { Ref } from 'react';
import { BehaviorActions, BehaviorLink, TodayCount } from './behavior-row-parts.js';
import type { BehaviorRowsProps } from './behaviors-table.js';

const useStyles = makeStyles({
  list: { ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` } },
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
  const cards = useCaptureCardStyles();
  return (
    <ul
      ref={ref as Ref<HTMLUListElement>}
      className={mergeClasses(cards.list, styles.list)}
      aria-label={t('list.tableLabel')}
      aria-busy={busy}
      tabIndex={-1}
    >
      {behaviors.map((behavior) => (
        <li key={behavior.id} className={cards.card} aria-label={behavior.name}>
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
