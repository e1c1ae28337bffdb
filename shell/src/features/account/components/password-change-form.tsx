import { changePasswordProblem, IdentityMessages, type ChangePasswordRequest } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { useState, type FormEvent } from 'react';
import { useChangePasswordMutation } from '../api/account-api.js';
import { AccountSectionForm, AccountSectionInput, useSectionFields } from './account-section-form.js';

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
  const [change, { isLoading: changing }] = useChangePasswordMutation();
  const [error, setError] = useState<unknown>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const fields = useSectionFields(EMPTY, () => setChanged(null));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (changing) return;
    setChanged(null);
    const problem = changePasswordProblem(fields.values);
    if (problem) {
      setError(problem);
      fields.mark(fieldOf(problem, fields.values));
      return;
    }
    setError(null);
    fields.mark(null);
    try {
      const answer = await change(fields.values).unwrap();
      fields.clear();
      setChanged(answer.message);
    } catch (failure) {
      setError(failure);
    }
  };

  const input = (name: PasswordField, label: string, autoComplete: string) => (
    <AccountSectionInput {...fields.field(name)} label={label} autoComplete={autoComplete} />
  );

  return (
    <AccountSectionForm
      title={t('account.password.title')}
      notes={[t('account.password.othersEnd')]}
      formLabel={t('account.password.formLabel')}
      submitLabel={t('account.password.submit')}
      busy={changing}
      error={error}
      done={changed}
      onSubmit={onSubmit}
    >
      {input('password', t('account.password.current'), 'current-password')}
      {input('new_password', t('account.password.new'), 'new-password')}
      {input('confirmedPassword', t('account.password.confirm'), 'new-password')}
    </AccountSectionForm>
  );
}
