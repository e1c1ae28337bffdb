import { ITEM_STATUSES, PLAN_STATUSES, type ItemStatus, type PlanStatus } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { Badge, makeStyles, Select } from '@fluentui/react-components';

// 44 px high: a tap target of the capture screens (issue 13, point 9).
const useStyles = makeStyles({
  select: { minWidth: '9.5rem', minHeight: '44px', '& select': { height: '44px' } },
});

/** A status dropdown over `statuses`, each shown as `labelOf(status)` (a native select: keyboard and phone friendly). */
function StatusSelect<S extends string>({
  value,
  label,
  onChange,
  disabled,
  statuses,
  labelOf,
}: {
  value: S;
  /** Accessible name, e.g. "Status of Speech". */
  label: string;
  onChange: (status: S) => void;
  disabled?: boolean;
  statuses: readonly S[];
  labelOf: (status: S) => string;
}) {
  const styles = useStyles();
  return (
    <Select
      className={styles.select}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(_event, data) => onChange(data.value as S)}
    >
      {statuses.map((status) => (
        <option key={status} value={status}>
          {labelOf(status)}
        </option>
      ))}
    </Select>
  );
}

type StatusSelectProps<S extends string> = {
  value: S;
  label: string;
  onChange: (status: S) => void;
  disabled?: boolean;
};

/** The plan / sub-plan status dropdown. */
export function PlanStatusSelect(props: StatusSelectProps<PlanStatus>) {
  const { t } = useTranslation('plans');
  return <StatusSelect {...props} statuses={PLAN_STATUSES} labelOf={(status) => t(`planStatus.${status}`)} />;
}

/** The item status dropdown. */
export function ItemStatusSelect(props: StatusSelectProps<ItemStatus>) {
  const { t } = useTranslation('plans');
  return <StatusSelect {...props} statuses={ITEM_STATUSES} labelOf={(status) => t(`itemStatus.${status}`)} />;
}

const BADGE_COLOR: Record<PlanStatus, 'success' | 'warning' | 'informative'> = {
  ACTIVE: 'success',
  INACTIVE: 'warning',
  COMPLETED: 'informative',
};

/** The plan's status as a badge (plan and sub-plan headers). */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const { t } = useTranslation('plans');
  return (
    <Badge appearance="tint" color={BADGE_COLOR[status]} size="large">
      {t(`planStatus.${status}`)}
    </Badge>
  );
}
