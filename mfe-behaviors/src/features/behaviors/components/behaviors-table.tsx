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
import { Fragment, type ReactNode, type Ref } from 'react';
import type { BehaviorListItem } from '../api/get-behaviors.js';
import { BehaviorActions, BehaviorLink, TodayCount } from './behavior-row-parts.js';

const useStyles = makeStyles({
  table: { tableLayout: 'auto', width: '100%' },
  // The name column takes the free width; the others hug their content.
  nameHeader: { width: '100%' },
  nowrap: { whiteSpace: 'nowrap' },
  // Fluent's cells are one fixed line high; rows here grow with wrapping names and buttons.
  cell: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS, height: 'auto' },
});

/** What the table and the stacked cards both show of the child's behaviours. */
export interface BehaviorRowsProps {
  /** The list itself (focusable): where focus goes after a row is deleted. */
  ref?: Ref<HTMLElement>;
  childId: string;
  behaviors: readonly BehaviorListItem[];
  busy: boolean;
  canLog: boolean;
  canDelete: boolean;
  /** Taps of a behaviour still on their way. */
  sending: (behaviorId: string) => number;
  /** The behaviour's unsaved logs, shown in its row. */
  failures: (behaviorId: string) => ReactNode;
  onLog: (behavior: BehaviorListItem) => void;
  onDelete: (behavior: BehaviorListItem) => void;
}

/** The child's behaviours on a wide screen (spec §2): name linking to its chart, today's count, Log behavior, Delete. */
export function BehaviorsTable({ ref, childId, behaviors, busy, canLog, canDelete, sending, failures, onLog, onDelete }: BehaviorRowsProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const withActions = canLog || canDelete;
  return (
    <TableRegion label={t('list.tableRegion')} ref={ref as Ref<HTMLDivElement>}>
      <Table className={styles.table} aria-label={t('list.tableLabel')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.nameHeader}>{t('list.columns.name')}</TableHeaderCell>
            <TableHeaderCell className={styles.nowrap}>{t('list.columns.today')}</TableHeaderCell>
            {withActions ? (
              <TableHeaderCell className={styles.nowrap}>{t('list.columns.actions')}</TableHeaderCell>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {behaviors.map((behavior) => {
            const unsaved = failures(behavior.id);
            return (
              <Fragment key={behavior.id}>
                <TableRow>
                  <TableCell className={styles.cell}>
                    <BehaviorLink childId={childId} behavior={behavior} />
                  </TableCell>
                  <TableCell className={styles.cell}>
                    <TodayCount behavior={behavior} sending={sending(behavior.id)} />
                  </TableCell>
                  {withActions ? (
                    <TableCell className={`${styles.cell} ${styles.nowrap}`}>
                      <BehaviorActions
                        behavior={behavior}
                        canLog={canLog}
                        canDelete={canDelete}
                        onLog={onLog}
                        onDelete={onDelete}
                      />
                    </TableCell>
                  ) : null}
                </TableRow>
                {unsaved ? (
                  <TableRow>
                    <TableCell className={styles.cell} colSpan={withActions ? 3 : 2}>
                      {unsaved}
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
