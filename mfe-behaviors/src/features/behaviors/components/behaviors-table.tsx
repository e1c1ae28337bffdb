import { TableRegion, useTableStyles, useTranslation } from '@aba/web-kit';
import {
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { Fragment, type ReactNode, type Ref } from 'react';
import type { BehaviorListItem } from '../api/get-behaviors.js';
import { BehaviorActions, BehaviorLink, TodayCount } from './behavior-row-parts.js';

const useStyles = makeStyles({
  // The name column takes the free width; the others hug their content.
  nameHeader: { width: '100%' },
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
  onLog: (behavior: BehaviorListItem, tappedAt: number) => void;
  onDelete: (behavior: BehaviorListItem) => void;
}

/** The child's behaviours on a wide screen (spec §2): name linking to its chart, today's count, Log behavior, Delete. */
export function BehaviorsTable({
  ref,
  childId,
  behaviors,
  busy,
  canLog,
  canDelete,
  sending,
  failures,
  onLog,
  onDelete,
}: BehaviorRowsProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  const withActions = canLog || canDelete;
  return (
    <TableRegion label={t('list.tableRegion')} ref={ref as Ref<HTMLDivElement>}>
      <Table className={tableStyles.table} aria-label={t('list.tableLabel')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.nameHeader}>{t('list.columns.name')}</TableHeaderCell>
            <TableHeaderCell className={tableStyles.nowrap}>{t('list.columns.today')}</TableHeaderCell>
            {withActions ? (
              <TableHeaderCell className={tableStyles.nowrap}>{t('list.columns.actions')}</TableHeaderCell>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {behaviors.map((behavior) => {
            const unsaved = failures(behavior.id);
            return (
              <Fragment key={behavior.id}>
                <TableRow>
                  <TableCell className={tableStyles.cell}>
                    <BehaviorLink childId={childId} behavior={behavior} />
                  </TableCell>
                  <TableCell className={tableStyles.cell}>
                    <TodayCount behavior={behavior} sending={sending(behavior.id)} />
                  </TableCell>
                  {withActions ? (
                    <TableCell className={mergeClasses(tableStyles.cell, tableStyles.nowrap)}>
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
                    <TableCell className={tableStyles.cell} colSpan={withActions ? 3 : 2}>
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
