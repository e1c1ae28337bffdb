import type { EvaluatedItem, Evaluation, ItemStatus } from '@aba/contracts/api';
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
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import { Fragment, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { EvaluationHistorySummary } from '../../../components/evaluation-history-summary.js';
import { ItemFeedback } from '../../../components/item-feedback.js';
import { ItemProgressLink } from '../../../components/item-progress-link.js';
import { ItemStatusSelect } from '../../../components/status-controls.js';
import type { FeedbackState } from '../../../lib/item-feedback.js';
import { NARROW_SCREEN, useCaptureCardStyles, useMediaQuery, useTapTargetStyles } from '@aba/web-kit/capture';

const useStyles = makeStyles({
  itemRow: { borderBottomWidth: 0 },
  empty: { padding: 0, height: 0 },
  description: { minWidth: '9rem', overflowWrap: 'anywhere' },
  descriptionText: { display: 'block' },
  history: { minWidth: '14rem' },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface SubPlanItemsProps {
  items: readonly EvaluatedItem[];
  feedback: FeedbackState;
  canEdit: boolean;
  mayDelete: (evaluation: Evaluation) => boolean;
  onDeleteEvaluation: (evaluation: Evaluation) => void;
  onStatus: (item: EvaluatedItem, status: ItemStatus) => void;
  onDelete: (item: EvaluatedItem) => void;
  onRetry: (item: EvaluatedItem) => void;
  onDismiss: (item: EvaluatedItem) => void;
}

/**
 * The sub-plan's items (spec §2: description, last 100 evaluations, status, Delete): a table on a wide screen, a
 * stacked card per item under 768 px (issue 13, point 8). Each item's last 100 evaluations are one button that opens
 * them (point 14: a few tab stops per item, not a hundred); each item's messages are in its own row or card.
 */
export function SubPlanItems(props: SubPlanItemsProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [openHistory, setOpenHistory] = useState<string | null>(null);
  const shared = { ...props, openHistory, setOpenHistory };
  return narrow ? <SubPlanItemCards {...shared} /> : <SubPlanItemsTable {...shared} />;
}

type Shared = SubPlanItemsProps & { openHistory: string | null; setOpenHistory: (id: string | null) => void };

function itemParts(item: EvaluatedItem, props: Shared, t: TFunction, deleteClass: string) {
  const feedback = (
    <ItemFeedback
      entry={props.feedback[item.id]}
      item={item.description}
      onRetry={() => props.onRetry(item)}
      onDismiss={() => props.onDismiss(item)}
    />
  );
  const historyOpen = props.openHistory === item.id;
  return {
    progress: <ItemProgressLink itemId={item.id} item={item.description} />,
    // While the item's history dialog is open, its messages show there (a delete's outcome), not behind it.
    feedback: historyOpen ? null : feedback,
    history: (
      <EvaluationHistorySummary
        item={item.description}
        evaluations={item.evaluations}
        label={t('detail.lastOf', { name: item.description })}
        mayDelete={props.mayDelete}
        onDelete={props.onDeleteEvaluation}
        open={historyOpen}
        onOpenChange={(open) => props.setOpenHistory(open ? item.id : null)}
        feedback={historyOpen ? feedback : null}
      />
    ),
    status: props.canEdit ? (
      <ItemStatusSelect
        value={item.status}
        label={t('detail.statusOf', { name: item.description })}
        onChange={(status) => props.onStatus(item, status)}
      />
    ) : (
      t(`itemStatus.${item.status}`)
    ),
    delete: props.canEdit ? (
      <ConfirmButton
        trigger={{
          className: deleteClass,
          icon: <DeleteRegular />,
          children: t('common.delete'),
          'aria-label': t('list.deleteNamed', { name: item.description }),
        }}
        title={t('subPlanDetail.deleteTitle')}
        onConfirm={() => props.onDelete(item)}
      >
        {t('subPlanDetail.deleteText', { name: item.description })}
      </ConfirmButton>
    ) : null,
  };
}

function SubPlanItemsTable(props: Shared) {
  const { items, canEdit, feedback } = props;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  const cell = mergeClasses(tableStyles.cell, tableStyles.top);
  const tap = useTapTargetStyles();
  return (
    <TableRegion label={t('subPlanDetail.itemsRegion')}>
      <Table className={tableStyles.table} aria-label={t('subPlanDetail.items')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('subPlanDetail.columns.description')}</TableHeaderCell>
            <TableHeaderCell>{t('subPlanDetail.columns.evaluations')}</TableHeaderCell>
            <TableHeaderCell>{t('subPlanDetail.columns.status')}</TableHeaderCell>
            {canEdit ? <TableHeaderCell>{t('subPlanDetail.columns.actions')}</TableHeaderCell> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => {
            const parts = itemParts(item, props, t, tap.target);
            return (
              <Fragment key={item.id}>
                <TableRow className={styles.itemRow}>
                  <TableCell className={mergeClasses(cell, styles.description)}>
                    <span className={styles.descriptionText}>{item.description}</span>
                    {parts.progress}
                  </TableCell>
                  <TableCell className={mergeClasses(cell, styles.history)}>{parts.history}</TableCell>
                  <TableCell className={cell}>{parts.status}</TableCell>
                  {canEdit ? <TableCell className={cell}>{parts.delete}</TableCell> : null}
                </TableRow>
                <TableRow>
                  <TableCell className={feedback[item.id] ? cell : styles.empty} colSpan={canEdit ? 4 : 3}>
                    {parts.feedback}
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableRegion>
  );
}

function SubPlanItemCards(props: Shared) {
  const { items } = props;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const cards = useCaptureCardStyles();
  const tap = useTapTargetStyles();
  return (
    <ul className={cards.list} aria-label={t('subPlanDetail.items')}>
      {items.map((item) => {
        const parts = itemParts(item, props, t, tap.target);
        return (
          <li key={item.id} className={cards.card} aria-label={item.description}>
            <p className={cards.title}>{item.description}</p>
            {parts.progress}
            {parts.history}
            <div className={styles.controls}>
              {parts.status}
              {parts.delete}
            </div>
            {parts.feedback}
          </li>
        );
      })}
    </ul>
  );
}
