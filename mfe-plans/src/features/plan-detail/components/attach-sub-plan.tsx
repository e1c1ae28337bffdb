import type { Plan } from '@aba/contracts/api';
import { Link, useTranslation } from '@aba/web-kit';
import { Button, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { paths } from '../../../lib/route-paths.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalM,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  field: { minWidth: '14rem', flexGrow: 1, maxWidth: '28rem' },
  note: { margin: 0, color: tokens.colorNeutralForeground2 },
  error: { flexBasis: '100%' },
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
});

/** The plan page's footer: add an existing sub-plan, chosen among those not in the plan yet (spec §2). */
export function AttachSubPlan({
  childId,
  available,
  busy,
  onAttach,
  error,
}: {
  childId: string;
  available: readonly Plan[];
  busy: boolean;
  onAttach: (subPlanId: string) => void;
  /** A failed attach, said beside the button (issue 13, point 10). */
  error?: ReactNode;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const [chosen, setChosen] = useState('');
  const selected = available.some((subPlan) => subPlan.id === chosen) ? chosen : '';
  return (
    <div className={styles.footer} role="group" aria-label={t('detail.attach.group')}>
      {available.length === 0 ? (
        <p className={styles.note}>
          {t('detail.attach.none')}{' '}
          <Link className={styles.link} to={paths.create(childId, 'sub-plan')}>
            {t('detail.attach.createOne')}
          </Link>
        </p>
      ) : (
        <>
          <Field label={t('detail.attach.label')} className={`${styles.field} ${tap.select}`}>
            <Select value={selected} onChange={(_event, data) => setChosen(data.value)}>
              <option value="">{t('detail.attach.placeholder')}</option>
              {available.map((subPlan) => (
                <option key={subPlan.id} value={subPlan.id}>
                  {subPlan.name}
                </option>
              ))}
            </Select>
          </Field>
          <Button
            className={tap.target}
            appearance="primary"
            icon={<AddRegular />}
            disabled={selected === '' || busy}
            onClick={() => {
              onAttach(selected);
              setChosen('');
            }}
          >
            {t('detail.attach.add')}
          </Button>
        </>
      )}
      {error ? <div className={styles.error}>{error}</div> : null}
    </div>
  );
}
