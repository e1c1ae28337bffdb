import type { EvaluatedItem, Evaluation, EvaluationResult, ItemStatus } from '@aba/contracts/api';
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
import { EvaluateCell } from '../../../components/evaluate-buttons.js';
import { EvaluationHistory } from '../../../components/evaluation-history.js';
import { ItemStatusSelect } from '../../../components/status-controls.js';
import { TableRegion, useTranslation } from '@aba/web-kit';
import type { Answers } from '../hooks/answers.js';

const useStyles = makeStyles({
  table: { tableLayout: 'auto', width: '100%' },
  name: { minWidth: '8rem', overflowWrap: 'anywhere' },
  evaluate: {
    whiteSpace: 'nowrap',
    paddingTop: tokens.spacingVerticalXS,
    paddingBottom: tokens.spacingVerticalXS,
  },
});

export interface PlanItemsTableProps {
  subPlanName: string;
  items: readonly EvaluatedItem[];
  answers: Answers;
  canEdit: boolean;
  canEvaluate: boolean;
  mayDelete: (evaluation: Evaluation) => boolean;
  onAnswer: (itemId: string, result: EvaluationResult) => void;
  onDeleteEvaluation: (evaluation: Evaluation) => void;
  onStatus: (item: EvaluatedItem, status: ItemStatus) => void;
}

/** A sub-plan's items in the plan view: name, Evaluate (Yes/No), last 5 evaluations, status dropdown (spec §2). */
export function PlanItemsTable(props: PlanItemsTableProps) {
  const {
    subPlanName,
    items,
    answers,
    canEdit,
    canEvaluate,
    mayDelete,
    onAnswer,
    onDeleteEvaluation,
    onStatus,
  } = props;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  return (
    <TableRegion label={t('detail.itemsRegion', { name: subPlanName })}>
      <Table className={styles.table} aria-label={t('detail.itemsOf', { name: subPlanName })} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('detail.columns.name')}</TableHeaderCell>
            {canEvaluate ? <TableHeaderCell>{t('detail.columns.evaluate')}</TableHeaderCell> : null}
            <TableHeaderCell>{t('detail.columns.last')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.columns.status')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.id}>
              <TableCell className={styles.name}>{item.description}</TableCell>
              {canEvaluate ? (
                <TableCell className={styles.evaluate}>
                  <EvaluateCell
                    item={item.description}
                    made={answers[item.id]?.result ?? null}
                    disabled={answers[item.id] !== undefined && answers[item.id].evaluation === null}
                    onAnswer={(result) => onAnswer(item.id, result)}
                  />
                </TableCell>
              ) : null}
              <TableCell>
                <EvaluationHistory
                  evaluations={item.evaluations}
                  label={t('detail.lastOf', { name: item.description })}
                  mayDelete={mayDelete}
                  onDelete={onDeleteEvaluation}
                  nowrap
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
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
