import type { Plan, PlanStatus } from '@aba/contracts/api';
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
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { ActionError } from '@aba/web-kit/forms';
import { Fragment } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { PlanStatusSelect } from '../../../components/status-controls.js';
import { Link, TableRegion, useTableStyles, useTranslation } from '@aba/web-kit';
import { truncate } from '../../../lib/format.js';
import { paths } from '../../../lib/route-paths.js';
import type { PlanKind } from '../../../lib/tags.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { useErrorText } from '../../../lib/use-error-text.js';

const useStyles = makeStyles({
  nameCell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '44px' },
  link: {
    color: tokens.colorBrandForegroundLink,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      borderRadius: tokens.borderRadiusSmall,
    },
  },
  edit: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '32px',
    minHeight: '32px',
    color: tokens.colorNeutralForeground2,
    borderRadius: tokens.borderRadiusMedium,
    fontSize: '20px',
    ':hover': { color: tokens.colorBrandForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});

/** An action on a plan that failed: said in the plan's row, with Retry (issue 13, point 10). */
export interface PlanFailure {
  message: string;
  error: unknown;
  retry: () => void;
}

export interface PlanTableProps {
  kind: PlanKind;
  childId: string;
  plans: readonly Plan[];
  canEdit: boolean;
  busy: boolean;
  failures: Readonly<Record<string, PlanFailure>>;
  onStatus: (plan: Plan, status: PlanStatus) => void;
  onDelete: (plan: Plan) => void;
  onDismissFailure: (plan: Plan) => void;
}

/**
 * Spec §2 lists: name (link to the detail, pencil to edit), description cut to 20 characters plus "…",
 * status dropdown and Delete (with confirmation). Without the right to edit: name, description and status only.
 */
export function PlanTable(props: PlanTableProps) {
  const { kind, childId, plans, canEdit, busy, failures, onStatus, onDelete, onDismissFailure } = props;
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  const tap = useTapTargetStyles();
  const errorText = useErrorText();
  const k = kind === 'plan' ? 'plan' : 'subPlan';
  return (
    <TableRegion label={t(`${k}.list.region`)}>
      <Table className={tableStyles.table} aria-label={t(`${k}.list.title`)} aria-busy={busy}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('list.columns.name')}</TableHeaderCell>
            <TableHeaderCell>{t('list.columns.description')}</TableHeaderCell>
            <TableHeaderCell>{t('list.columns.status')}</TableHeaderCell>
            {canEdit ? <TableHeaderCell>{t('list.columns.actions')}</TableHeaderCell> : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {plans.map((plan) => (
            <Fragment key={plan.id}>
              <TableRow>
                <TableCell>
                  <span className={styles.nameCell}>
                    <Link className={styles.link} to={paths.detail(childId, kind, plan.id)}>
                      {plan.name}
                    </Link>
                    {canEdit ? (
                      <Link
                        className={styles.edit}
                        to={paths.edit(childId, kind, plan.id)}
                        aria-label={t('list.edit', { name: plan.name })}
                        title={t('list.edit', { name: plan.name })}
                      >
                        <EditRegular aria-hidden />
                      </Link>
                    ) : null}
                  </span>
                </TableCell>
                <TableCell title={plan.description}>{truncate(plan.description)}</TableCell>
                <TableCell>
                  {canEdit ? (
                    <PlanStatusSelect
                      value={plan.status}
                      label={t('list.statusOf', { name: plan.name })}
                      onChange={(status) => onStatus(plan, status)}
                    />
                  ) : (
                    t(`planStatus.${plan.status}`)
                  )}
                </TableCell>
                {canEdit ? (
                  <TableCell className={tableStyles.nowrap}>
                    <ConfirmButton
                      trigger={{
                        icon: <DeleteRegular />,
                        children: t('common.delete'),
                        'aria-label': t('list.deleteNamed', { name: plan.name }),
                      }}
                      title={t(`${k}.list.deleteTitle`)}
                      onConfirm={() => onDelete(plan)}
                    >
                      {t(`${k}.list.deleteText`, { name: plan.name })}
                    </ConfirmButton>
                  </TableCell>
                ) : null}
              </TableRow>
              {failures[plan.id] ? (
                <TableRow>
                  <TableCell colSpan={canEdit ? 4 : 3}>
                    <ActionError
                      action={
                        <span className={tap.row}>
                          <Button
                            className={tap.target}
                            appearance="primary"
                            onClick={failures[plan.id].retry}
                          >
                            {t('common.retry')}
                          </Button>
                          <Button className={tap.target} onClick={() => onDismissFailure(plan)}>
                            {t('common.dismiss')}
                          </Button>
                        </span>
                      }
                    >
                      {`${failures[plan.id].message} ${errorText(failures[plan.id].error)}`}
                    </ActionError>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
