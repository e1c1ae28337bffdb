import { changePasswordProblem, IdentityMessages, type ChangePasswordRequest } from '@aba/contracts/api';
import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ErrorBanner, SubmitButton, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import { Field, Input, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useChangePasswordMutation } from '../api/account-api.js';

const useStyles = makeStyles({
  section: { marginTop: tokens.spacingVerticalXXXL },
  heading: { ...typographyStyles.subtitle1, margin: `0 0 ${tokens.spacingVerticalS}` },
  note: {
    ...typographyStyles.body1,
    margin: `0 0 ${tokens.spacingVerticalM}`,
    color: tokens.colorNeutralForeground2,
  },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5).
  input: { '& input': { minHeight: '44px' } },
});

type PasswordValues = Required<ChangePasswordRequest>;
const EMPTY: PasswordValues = { password: '', new_password: '', confirmedPassword: '' };
type PasswordField = keyof typeof EMPTY;

/** The field a password change's problem belongs to: the current password when it is empty, else the new one. */
const fieldOf = (problem: string, values: PasswordValues): PasswordField =>
  problem === IdentityMessages.requiredFields && values.password === ''
    ? 'password'
    : problem === IdentityMessages.passwordsDontMatch
      ? 'confirmedPassword'
      : 'new_password';

/**
 * The password part of /account (issue 17): the current password and the new one twice, held to the rules of a new
 * password before anything is sent (`changePasswordProblem`). A change ends the account's other sessions and keeps
 * this one; the page says so before and after. A refused change says why (translated) and keeps what was typed; a
 * change made empties the fields.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useStyles();
  const form = useFormStyles();
  const headingId = useId();
  const [change, { isLoading: changing }] = useChangePasswordMutation();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState<PasswordField | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<PasswordField, HTMLInputElement | null>>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (changing) return;
    setChanged(null);
    const problem = changePasswordProblem(values);
    if (problem) {
      const at = fieldOf(problem, values);
      setError(problem);
      setInvalid(at);
      inputs.current[at]?.focus();
      return;
    }
    setError(null);
    setInvalid(null);
    try {
      const answer = await change(values).unwrap();
      setValues(EMPTY);
      setChanged(answer.message);
    } catch (failure) {
      setError(failure);
    }
  };

  const input = (name: PasswordField, label: string, autoComplete: string) => (
    <Field label={label} required validationState={invalid === name ? 'error' : undefined}>
      <Input
        ref={(node) => {
          inputs.current[name] = node;
        }}
        className={styles.input}
        size="large"
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(_event, data) => {
          setValues({ ...values, [name]: data.value });
          setChanged(null);
          if (invalid === name) setInvalid(null);
        }}
      />
    </Field>
  );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('account.password.title')}
      </h2>
      <p className={styles.note}>{t('account.password.othersEnd')}</p>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('account.password.formLabel')}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        {changed !== null && <SuccessBanner>{translateError(changed)}</SuccessBanner>}
        {input('password', t('account.password.current'), 'current-password')}
        {input('new_password', t('account.password.new'), 'new-password')}
        {input('confirmedPassword', t('account.password.confirm'), 'new-password')}
        <div className={form.actions}>
          <SubmitButton busy={changing}>{t('account.password.submit')}</SubmitButton>
        </div>
      </form>
    </section>
  );
}
