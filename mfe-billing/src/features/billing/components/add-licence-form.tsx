import { useTranslation } from '@aba/web-kit';
import { Button, Field, makeStyles, Select, Spinner, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useAddLicenseMutation } from '../api/add-license.js';
import type { Child } from '../api/get-children.js';
import { fullName } from '../hooks/licences.js';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  field: { flexGrow: 1, minWidth: '12rem', maxWidth: '24rem' },
});

export interface AddLicenceFormProps {
  /** Children without an active licence (at least one). */
  candidates: readonly Child[];
  onAdded: (childName: string) => void;
  onError: (error: unknown) => void;
}

/** The table's footer: pick a child without a licence and give it one (POST /api/child/add-license). */
export function AddLicenceForm({ candidates, onAdded, onError }: AddLicenceFormProps) {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const [chosen, setChosen] = useState('');
  const [addLicense, { isLoading }] = useAddLicenseMutation();
  // The first candidate until the user picks one (and again if the picked child got a licence meanwhile).
  const selected = candidates.find((child) => child.id === chosen) ?? candidates[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected || isLoading) return;
    try {
      await addLicense({ child_id: selected.id }).unwrap();
      onAdded(fullName(selected.first_name, selected.last_name));
    } catch (error) {
      onError(error);
    }
  };

  return (
    <form className={styles.footer} onSubmit={(event) => void submit(event)}>
      <Field label={t('children.select')} className={styles.field}>
        <Select
          value={selected?.id ?? ''}
          disabled={isLoading}
          onChange={(_event, data) => setChosen(data.value)}
        >
          {candidates.map((child) => (
            <option key={child.id} value={child.id}>
              {fullName(child.first_name, child.last_name)}
            </option>
          ))}
        </Select>
      </Field>
      <Button
        type="submit"
        appearance="primary"
        disabled={isLoading || !selected}
        icon={isLoading ? <Spinner size="tiny" aria-hidden /> : undefined}
      >
        {t('children.add')}
      </Button>
    </form>
  );
}
