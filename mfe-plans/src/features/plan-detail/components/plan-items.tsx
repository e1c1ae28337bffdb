import type { EvaluatedItem, Evaluation, EvaluationResult, ItemStatus } from '@aba/contracts/api';
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
import { Fragment } from 'react';
import type { TFunction } from 'i18next';
import { EvaluateCell } from '../../../components/evaluate-buttons.js';
import { EvaluationHistory } from '../../../components/evaluation-history.js';
import { ItemFeedback } from '../../../components/item-feedback.js';
import { LiveCountLine } from '../../../components/live-count.js';
import { ItemProgressLink } from '../../../components/item-progress-link.js';
import { ItemStatusSelect } from '../../../components/status-controls.js';
import type { FeedbackState } from '../../../lib/item-feedback.js';
import type { LiveCount } from '../../../lib/mastery-live.js';
import { isOptimistic } from '../../../lib/optimistic.js';
import { isSince, NARROW_SCREEN, useCaptureCardStyles, useMediaQuery } from '@aba/web-kit/capture';

const useStyles = makeStyles({
  name: { minWidth: '8rem', overflowWrap: 'anywhere' },
  nameText: { display: 'block' },
  itemRow: { borderBottomWidth: 0 },
  empty: { padding: 0, height: 0 },
  label: {
    margin: `0 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
});

/** What the items of a sub-plan card do with their trials and status (from the plan page). */
export interface PlanItemsProps {
  subPlanName: string;
  items: readonly EvaluatedItem[];
  feedback: FeedbackState;
  canEdit: boolean;
  canEvaluate: boolean;
  /** Each open item's "3/5 trials" and "streak 2/3", while it is scored. */
  liveCounts: ReadonlyMap<string, LiveCount>;
  /** The viewer's today (an instant): the last answer of today can be corrected. */
  since: string;
  mayAlter: (evaluation: Evaluation) => boolean;
  onAnswer: (item: EvaluatedItem, result: EvaluationResult) => void;
  onCorrect: (evaluation: Evaluation, result: EvaluationResult) => void;
  onDeleteEvaluation: (evaluation: Evaluation) => void;
  onStatus: (item: EvaluatedItem, status: ItemStatus) => void;
  onUndo: (item: EvaluatedItem) => void;
  onRetry: (item: EvaluatedItem) => void;
  onDismiss: (item: EvaluatedItem) => void;
}

/**
 * A sub-plan's items in the plan view (spec §2: name, Evaluate Yes/No, the last 5 evaluations, status): a table on a
 * wide screen, a stacked card per item under 768 px so that nothing a therapist needs is off-screen (issue 13,
 * point 8). Each item's message (saved with Undo, NOT saved with Retry, …) is in its own row or card.
 */
export function PlanItems(props: PlanItemsProps) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return narrow ? <PlanItemCards {...props} /> : <PlanItemsTable {...props} />;
}

/** Today's last answer, when the viewer may correct it (the redo). */
function lastToday(item: EvaluatedItem, since: string, mayAlter: (evaluation: Evaluation) => boolean) {
  const last = item.evaluations[0];
  return last && !isOptimistic(last) && isSince(last.date, since) && mayAlter(last) ? last : null;
}

/** The parts of an item's row or card. */
function itemParts(item: EvaluatedItem, props: PlanItemsProps, t: TFunction) {
  const { canEdit, canEvaluate, since, mayAlter, feedback } = props;
  return {
    progress: <ItemProgressLink itemId={item.id} item={item.description} />,
    evaluate: canEvaluate ? (
      <>
        <EvaluateCell
          item={item.description}
          today={item.evaluations_since}
          last={lastToday(item, since, mayAlter)}
          onAnswer={(result) => props.onAnswer(item, result)}
          onCorrect={props.onCorrect}
        />
        <LiveCountLine count={props.liveCounts.get(item.id)} item={item.description} />
      </>
    ) : null,
    feedback: (
      <ItemFeedback
        entry={feedback[item.id]}
        item={item.description}
        onUndo={() => props.onUndo(item)}
        onRetry={() => props.onRetry(item)}
        onDismiss={() => props.onDismiss(item)}
      />
    ),
    history: (
      <EvaluationHistory
        evaluations={item.evaluations}
        label={t('detail.lastOf', { name: item.description })}
        mayDelete={mayAlter}
        onDelete={props.onDeleteEvaluation}
      />
    ),
    status: canEdit ? (
      <ItemStatusSelect
        value={item.status}
        label={t('detail.statusOf', { name: item.description })}
        onChange={(status) => props.onStatus(item, status)}
      />
    ) : (
      t(`itemStatus.${item.status}`)
    ),
  };
}

function PlanItemsTable(props: PlanItemsProps) {
  const { subPlanName, items, canEvaluate, feedback } = props;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  const cell = mergeClasses(tableStyles.cell, tableStyles.top);
  const columns = canEvaluate ? 4 : 3;
  return (
    <TableRegion label={t('detail.itemsRegion', { name: subPlanName })}>
      <Table
        className={tableStyles.table}
        aria-label={t('detail.itemsOf', { name: subPlanName })}
        size="small"
      >
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('detail.columns.name')}</TableHeaderCell>
            {canEvaluate ? <TableHeaderCell>{t('detail.columns.evaluate')}</TableHeaderCell> : null}
            <TableHeaderCell>{t('detail.columns.last')}</TableHeaderCell>
            <TableHeaderCell>{t('detail.columns.status')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((item) => {
            const parts = itemParts(item, props, t);
            return (
              <Fragment key={item.id}>
                <TableRow className={styles.itemRow}>
                  <TableCell className={mergeClasses(cell, styles.name)}>
                    <span className={styles.nameText}>{item.description}</span>
                    {parts.progress}
                  </TableCell>
                  {canEvaluate ? <TableCell className={cell}>{parts.evaluate}</TableCell> : null}
                  <TableCell className={cell}>{parts.history}</TableCell>
                  <TableCell className={cell}>{parts.status}</TableCell>
                </TableRow>
                {/* Always there, so that its live region announces the item's next message. */}
                <TableRow>
                  <TableCell className={feedback[item.id] ? cell : styles.empty} colSpan={columns}>
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

function PlanItemCards(props: PlanItemsProps) {
  const { subPlanName, items } = props;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const cards = useCaptureCardStyles();
  return (
    <ul className={cards.list} aria-label={t('detail.itemsOf', { name: subPlanName })}>
      {items.map((item) => {
        const parts = itemParts(item, props, t);
        return (
          <li key={item.id} className={cards.card} aria-label={item.description}>
            <p className={cards.title}>{item.description}</p>
            {parts.progress}
            {parts.evaluate}
            {parts.feedback}
            <div>
              <p className={styles.label}>{t('detail.columns.last')}</p>
              {parts.history}
            </div>
            <div>{parts.status}</div>
          </li>
        );
      })}
    </ul>
  );
}
