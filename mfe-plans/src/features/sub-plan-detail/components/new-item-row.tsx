import { itemDescriptionProblem, PlanLimits } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
  },
  field: { flexGrow: 1, minWidth: '12rem', maxWidth: '36rem' },
});

/** The top row of the sub-plan page: a description and Add item; sent only when the description is not empty (spec §5). */
export function NewItemRow({
  busy,
  onCreate,
}: {
  busy: boolean;
  onCreate: (description: string) => Promise<boolean>;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const [description, setDescription] = useState('');
  const empty = itemDescriptionProblem(description) !== null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (empty || busy) return;
    if (await onCreate(description.trim())) setDescription('');
  };

  return (
    <form className={styles.row} onSubmit={onSubmit} aria-label={t('subPlanDetail.newItem.form')}>
      <Field label={t('subPlanDetail.newItem.label')} className={styles.field}>
        <Input
          value={description}
          maxLength={PlanLimits.itemDescriptionMax}
          placeholder={t('subPlanDetail.newItem.placeholder')}
          onChange={(_event, data) => setDescription(data.value)}
        />
      </Field>
      <Button appearance="primary" type="submit" icon={<AddRegular />} disabled={empty || busy}>
        {t('subPlanDetail.newItem.add')}
      </Button>
    </form>
  );
}
