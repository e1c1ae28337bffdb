import type { DetailedSubPlan } from '@aba/contracts/api';
import { EmptyState, Link, useTranslation } from '@aba/web-kit';
import { Badge, Button, Card, makeStyles, tokens, useId } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.js';
import { paths } from '../../../lib/route-paths.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';

const useStyles = makeStyles({
  card: { marginBottom: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM },
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  heading: { margin: 0, flexGrow: 1, minWidth: 0, fontSize: tokens.fontSizeBase400 },
  toggle: {
    justifyContent: 'flex-start',
    textAlign: 'start',
    fontWeight: tokens.fontWeightSemibold,
    maxWidth: '100%',
    overflowWrap: 'anywhere',
    minHeight: '44px',
  },
  open: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    marginLeft: 'auto',
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
  },
  body: { marginTop: tokens.spacingVerticalS },
  description: {
    margin: `0 0 ${tokens.spacingVerticalS}`,
    color: tokens.colorNeutralForeground2,
    overflowWrap: 'anywhere',
  },
});

export interface SubPlanCardProps {
  childId: string;
  subPlan: DetailedSubPlan;
  canEdit: boolean;
  /** The items table (or nothing when no item has the filtered status). */
  children: ReactNode;
  onDetach: () => void;
  /** A failed detach, said in the card (issue 13, point 10). */
  error?: ReactNode;
}

/** A sub-plan of the plan as a collapsible card (open at first) with a detach icon (spec §2). */
export function SubPlanCard({ childId, subPlan, canEdit, children, onDetach, error }: SubPlanCardProps) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId('sub-plan-body');
  return (
    <Card className={styles.card} appearance="outline">
      <div className={styles.header}>
        <h3 className={styles.heading}>
          <Button
            appearance="transparent"
            className={styles.toggle}
            icon={expanded ? <ChevronDownRegular /> : <ChevronRightRegular />}
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={() => setExpanded((open) => !open)}
          >
            {subPlan.name}
          </Button>
        </h3>
        <Badge appearance="tint" color="informative">
          {t('detail.itemCount', { count: subPlan.items.length })}
        </Badge>
        <Link className={styles.open} to={paths.detail(childId, 'sub-plan', subPlan.id)}>
          {t('detail.openSubPlan')}
        </Link>
        {canEdit ? (
          <ConfirmButton
            trigger={{
              appearance: 'subtle',
              className: tap.target,
              icon: <DeleteRegular />,
              'aria-label': t('detail.detach', { name: subPlan.name }),
              title: t('detail.detach', { name: subPlan.name }),
            }}
            title={t('detail.detachTitle')}
            confirmLabel={t('detail.detachConfirm')}
            onConfirm={onDetach}
          >
            {t('detail.detachText', { name: subPlan.name })}
          </ConfirmButton>
        ) : null}
      </div>
      {error}
      <div id={bodyId} className={styles.body} hidden={!expanded}>
        {subPlan.description ? <p className={styles.description}>{subPlan.description}</p> : null}
        {subPlan.items.length === 0 ? <EmptyState>{t('detail.noItems')}</EmptyState> : children}
      </div>
    </Card>
  );
}
