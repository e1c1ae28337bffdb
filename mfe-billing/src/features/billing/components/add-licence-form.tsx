import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import { Button, Field, makeStyles, Select, Spinner, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useAddLicenseMutation } from '../api/add-license.js';
import type { OwnedChild } from '../api/get-subscription-data.js';
import { fullName } from '../hooks/licences.js';

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  field: { flexGrow: 1, minWidth: '12rem', maxWidth: '24rem' },
  control: { minHeight: '44px' },
});

export interface AddLicenceFormProps {
  /** The user's own children without a licence (at least one). */
  candidates: readonly OwnedChild[];
  onAdded: (childName: string) => void;
}

/**
 * The table's footer: pick one of the user's children without a licence and give it one (POST
 * /api/child/add-license). A failure says, right here, that the child did not get the licence, and takes the focus.
 */
export function AddLicenceForm({ candidates, onAdded }: AddLicenceFormProps) {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('billing');
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState<{ name: string; error: unknown; count: number } | null>(null);
  const [addLicense, { isLoading }] = useAddLicenseMutation();
  // The first candidate until the user picks one (and again if the picked child got a licence meanwhile).
  const selected = candidates.find((child) => child.child_id === chosen) ?? candidates[0];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!selected || isLoading) return;
    const name = fullName(selected.child_first_name, selected.child_last_name);
    try {
      await addLicense({ child_id: selected.child_id }).unwrap();
      setFailure(null);
      onAdded(name);
    } catch (error) {
      setFailure((last) => ({ name, error, count: (last?.count ?? 0) + 1 }));
    }
  };

  return (
    <form className={styles.footer} onSubmit={(event) => void submit(event)}>
      <div className={styles.row}>
        <Field label={t('children.select')} className={styles.field}>
          <Select
            className={styles.control}
            value={selected?.child_id ?? ''}
            disabled={isLoading}
            onChange={(_event, data) => setChosen(data.value)}
          >
            {candidates.map((child) => (
              <option key={child.child_id} value={child.child_id}>
                {fullName(child.child_first_name, child.child_last_name)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          className={styles.control}
          type="submit"
          appearance="primary"
          disabledFocusable={isLoading || !selected}
          icon={isLoading ? <Spinner size="tiny" aria-hidden /> : undefined}
        >
          {t('children.add')}
        </Button>
      </div>
      {failure ? (
        <ActionError focusKey={failure.count}>
          {t('children.addFailed', { name: failure.name, error: translateError(failure.error) })}
        </ActionError>
      ) : null}
    </form>
  );
}
