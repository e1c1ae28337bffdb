import { ITEM_STATUSES, PLAN_STATUSES, type ItemStatus, type PlanStatus } from '@aba/contracts/api';
import { Badge, makeStyles, Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({ select: { minWidth: '9.5rem' } });

/** The plan / sub-plan status dropdown (a native select: keyboard and phone friendly). */
export function PlanStatusSelect({
  value,
  label,
  onChange,
  disabled,
}: {
  value: PlanStatus;
  /** Accessible name, e.g. "Status of Speech". */
  label: string;
  onChange: (status: PlanStatus) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  return (
    <Select
      className={styles.select}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(_event, data) => onChange(data.value as PlanStatus)}
    >
      {PLAN_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`planStatus.${status}`)}
        </option>
      ))}
    </Select>
  );
}

/** The item status dropdown. */
export function ItemStatusSelect({
  value,
  label,
  onChange,
  disabled,
}: {
  value: ItemStatus;
  label: string;
  onChange: (status: ItemStatus) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  return (
    <Select
      className={styles.select}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(_event, data) => onChange(data.value as ItemStatus)}
    >
      {ITEM_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`itemStatus.${status}`)}
        </option>
      ))}
    </Select>
  );
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
