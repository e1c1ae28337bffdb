import { BEHAVIOR_NAME_MAX, BehaviorMessages } from '@aba/contracts/api';
import { useLicenceRedirectHandler, useTranslation } from '@aba/web-kit';
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useRef, useState, type FormEvent } from 'react';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useToast } from '../../../lib/toaster.js';
import { useCreateBehaviorMutation } from '../api/create-behavior.js';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  field: { flexGrow: 1, flexBasis: '16rem', minWidth: 0 },
  // The text field itself, not only its frame, is a 44 px target.
  input: { minHeight: '44px' },
  // Aligns the button with the input below the field's label.
  submit: { minHeight: '44px', marginTop: '26px', '@media (max-width: 599px)': { marginTop: 0 } },
});

/** The row under the table: a name and Create behavior (owner and coordinators). */
export function CreateBehaviorForm({ childId }: { childId: string }) {
  const { t } = useTranslation('behaviors');
  const errorText = useErrorText();
  const toast = useToast();
  const redirectIfUnlicensed = useLicenceRedirectHandler();
  const styles = useStyles();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [createBehavior, { isLoading }] = useCreateBehaviorMutation();
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setProblem(errorText(BehaviorMessages.nameRequired));
      input.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const { behavior } = await createBehavior({ childId, name: trimmed }).unwrap();
      setName('');
      toast(t('create.created', { name: behavior.name }));
    } catch (error) {
      if (redirectIfUnlicensed(error)) return;
      setProblem(errorText(error));
    }
    input.current?.focus();
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <Field
        className={styles.field}
        label={t('create.label')}
        validationState={problem ? 'error' : 'none'}
        validationMessage={problem ?? undefined}
      >
        <Input
          ref={input}
          input={{ className: styles.input }}
          size="large"
          value={name}
          maxLength={BEHAVIOR_NAME_MAX}
          placeholder={t('create.placeholder')}
          autoComplete="off"
          onChange={(_event, data) => {
            setName(data.value);
            if (problem) setProblem(null);
          }}
        />
      </Field>
      <Button className={styles.submit} size="large" type="submit" appearance="primary" icon={<AddRegular />} disabled={isLoading}>
        {t('create.submit')}
      </Button>
    </form>
  );
}
