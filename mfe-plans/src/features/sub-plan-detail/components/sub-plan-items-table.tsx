import type { EvaluatedItem, Evaluation, ItemStatus } from '@aba/contracts/api';
import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { EvaluationHistory } from '../../../components/evaluation-history.js';
import { ItemStatusSelect } from '../../../components/status-controls.js';
import { TableRegion, useTranslation } from '@aba/web-kit';

const useStyles = makeStyles({
  table: { tableLayout: 'auto', width: '100%' },
  description: { minWidth: '9rem', overflowWrap: 'anywhere' },
  history: { minWidth: '12rem' },
});

export interface SubPlanItemsTableProps {
  items: readonly EvaluatedItem[];
  canEdit: boolean;
  mayDelete: (evaluation: Evaluation) => boolean;
  onDeleteEvaluation: (evaluation: Evaluation) => void;
  onStatus: (item: EvaluatedItem, status: ItemStatus) => void;
  onDelete: (item: EvaluatedItem) => void;
}

/** The sub-plan's items: description, last 100 evaluations, status and Delete (spec §2). */
export function SubPlanItemsTable({
  items,
  canEdit,
  mayDelete,
  onDeleteEvaluation,
  onStatus,
  onDelete,
}: SubPlanItemsTableProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  return (
    <TableRegion label={t('subPlanDetail.itemsRegion')}>
      <Table className={styles.table} aria-label={t('subPlanDetail.items')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('subPlanDetail.columns.description')}</TableHeaderCell>
            <TableHeaderCell>{t('subPlanDetail.columns.evaluations')}</TableHeaderCell>
            <TableHeaderCell>{t('subPlanDetail.columns.status')}</TableHeaderCell>
            {canEdit ? <TableHeaderCell>{t('subPlanDetail.columns.actions')}</TableHeaderCell> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell className={styles.description}>{item.description}</TableCell>
              <TableCell className={styles.history}>
                <EvaluationHistory
                  evaluations={item.evaluations}
                  label={t('detail.lastOf', { name: item.description })}
                  mayDelete={mayDelete}
                  onDelete={onDeleteEvaluation}
                />
              </TableCell>
              <TableCell>
                {canEdit ? (
                  <ItemStatusSelect
                    value={item.status}
                    label={t('detail.statusOf', { name: item.description })}
                    onChange={(status) => onStatus(item, status)}
                  />
                ) : (
                  t(`itemStatus.${item.status}`)
                )}
              </TableCell>
              {canEdit ? (
                <TableCell>
                  <ConfirmButton
                    trigger={{
                      icon: <DeleteRegular />,
                      children: t('common.delete'),
                      'aria-label': t('list.deleteNamed', { name: item.description }),
                    }}
                    title={t('subPlanDetail.deleteTitle')}
                    onConfirm={() => onDelete(item)}
                  >
                    {t('subPlanDetail.deleteText', { name: item.description })}
                  </ConfirmButton>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
