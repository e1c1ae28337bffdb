import { Link, TableRegion, useTranslation } from '@aba/web-kit';
import {
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AddCircleRegular, DeleteRegular } from '@fluentui/react-icons';
import type { Ref } from 'react';
import type { Behavior } from '../api/get-behaviors.js';

const useStyles = makeStyles({
  table: { tableLayout: 'auto', width: '100%' },
  name: { wordBreak: 'break-word' },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'underline',
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: '2px' },
  },
  // The name column takes the free width; the actions column hugs its buttons.
  nameHeader: { width: '100%' },
  actionsHeader: { whiteSpace: 'nowrap' },
  actions: {
    display: 'flex',
    flexWrap: 'nowrap',
    '@media (max-width: 599px)': { flexWrap: 'wrap' },
    justifyContent: 'flex-start',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
  // Fluent's cells are one fixed line high; rows here grow with wrapping names and buttons.
  cell: { paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS, height: 'auto' },
  button: {
    minHeight: '44px',
    whiteSpace: 'nowrap',
    // On a phone a long label (ro: "Înregistrează comportamentul") wraps instead of widening the table.
    '@media (max-width: 599px)': { whiteSpace: 'normal', textAlign: 'start' },
  },
});

export interface BehaviorsTableProps {
  /** The scrolling region (focusable): where focus goes after a row is deleted. */
  ref?: Ref<HTMLDivElement>;
  childId: string;
  behaviors: readonly Behavior[];
  busy: boolean;
  canLog: boolean;
  canDelete: boolean;
  onLog: (behavior: Behavior) => void;
  onDelete: (behavior: Behavior) => void;
}

/** The child's behaviours (spec §2): name linking to its chart, Log behavior and Delete per row. */
export function BehaviorsTable({ ref, childId, behaviors, busy, canLog, canDelete, onLog, onDelete }: BehaviorsTableProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  return (
    <TableRegion label={t('list.tableRegion')} ref={ref}>
      <Table className={styles.table} aria-label={t('list.tableLabel')} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.nameHeader}>{t('list.columns.name')}</TableHeaderCell>
            {canLog || canDelete ? (
              <TableHeaderCell className={styles.actionsHeader}>{t('list.columns.actions')}</TableHeaderCell>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {behaviors.map((behavior) => (
            <TableRow key={behavior.id}>
              <TableCell className={styles.cell}>
                <Link
                  className={styles.link}
                  to={`/child/${encodeURIComponent(childId)}/behavior/${encodeURIComponent(behavior.id)}`}
                >
                  <span className={styles.name}>{behavior.name}</span>
                </Link>
              </TableCell>
              {canLog || canDelete ? (
                <TableCell className={styles.cell}>
                  <div className={styles.actions}>
                    {canLog ? (
                      <Button
                        className={styles.button}
                        appearance="primary"
                        icon={<AddCircleRegular />}
                        aria-label={t('list.logLabel', { name: behavior.name })}
                        onClick={() => onLog(behavior)}
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
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
