import type { Plan } from '@aba/contracts/api';
import { PageHeading } from '@aba/web-kit';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { PlanStatusBadge } from './status-controls.js';

const useStyles = makeStyles({
  top: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  name: { marginBottom: 0, overflowWrap: 'anywhere', minWidth: 0 },
  description: {
    margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalL}`,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground2,
  },
  actions: { marginLeft: 'auto' },
});

/** Spec §2 detail headers: the name, the status badge and the description (with optional actions at the end). */
export function PlanHeader({ plan, actions }: { plan: Plan; actions?: ReactNode }) {
  const styles = useStyles();
  return (
    <header>
      <div className={styles.top}>
        <PageHeading className={styles.name}>{plan.name}</PageHeading>
        <PlanStatusBadge status={plan.status} />
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <p className={styles.description}>{plan.description}</p>
    </header>
  );
}
