import { changePasswordProblem, IdentityMessages, type ChangePasswordRequest } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { useChangePasswordMutation } from '../api/account-api.js';
import { AccountSectionForm, AccountSectionInput, useSectionForm } from './account-section-form.js';

type PasswordValues = Required<ChangePasswordRequest>;
const EMPTY: PasswordValues = { password: '', new_password: '', confirmedPassword: '' };
type PasswordField = keyof typeof EMPTY;

/** The field a password change's problem is about: the current password when it is empty or wrong, else a new one. */
function fieldOf(problem: string, values: PasswordValues): PasswordField | null {
  if (problem === IdentityMessages.wrongCurrentPassword) return 'password';
  if (problem === IdentityMessages.requiredFields)
    return values.password === '' ? 'password' : 'new_password';
  if (problem === IdentityMessages.passwordsDontMatch) return 'confirmedPassword';
  return problem === IdentityMessages.weakPassword ? 'new_password' : null;
}

/**
 * The password part of /account (issue 17): the current password and the new one twice, held to the rules of a new
 * password before anything is sent (`changePasswordProblem`). A change ends the account's other sessions and keeps
 * this one; the page says so before and after. A refused change says why (translated) and keeps what was typed; a
 * change made empties the fields.
 */
export function PasswordChangeForm() {
  const { t } = useTranslation('common');
  const [change, { isLoading: changing }] = useChangePasswordMutation();
  const form = useSectionForm({
    empty: EMPTY,
    problemOf: changePasswordProblem,
    fieldOf,
    send: (values) => change(values).unwrap(),
    sending: changing,
  });

  const input = (name: PasswordField, label: string, autoComplete: string) => (
    <AccountSectionInput {...form.field(name)} label={label} autoComplete={autoComplete} />
  );

  return (
    <AccountSectionForm
      title={t('account.password.title')}
      notes={[t('account.password.othersEnd')]}
      formLabel={t('account.password.formLabel')}
      submitLabel={t('account.password.submit')}
      busy={changing}
      error={form.error}
      done={form.done}
      onSubmit={form.onSubmit}
    >
      {input('password', t('account.password.current'), 'current-password')}
      {input('new_password', t('account.password.new'), 'new-password')}
      {input('confirmedPassword', t('account.password.confirm'), 'new-password')}
    </AccountSectionForm>
  );
}
