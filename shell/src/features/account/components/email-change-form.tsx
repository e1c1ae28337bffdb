import { changeEmailProblem, IdentityMessages, type ChangeEmailRequest } from '@aba/contracts/api';
import { useTranslation } from '@aba/web-kit';
import { useChangeEmailMutation } from '../api/account-api.js';
import { AccountSectionForm, AccountSectionInput, useSectionForm } from './account-section-form.js';

type EmailValues = Required<ChangeEmailRequest>;
const EMPTY: EmailValues = { email: '', password: '' };

const ADDRESS_PROBLEMS: readonly string[] = [
  IdentityMessages.invalidEmail,
  IdentityMessages.emailUnchanged,
  IdentityMessages.emailTaken,
];

/** The field a refused e-mail change is about: the address, or the password when it was wrong or left empty. */
function fieldOf(problem: string, values: EmailValues): keyof EmailValues | null {
  if (problem === IdentityMessages.wrongCurrentPassword) return 'password';
  if (problem === IdentityMessages.requiredFields) return values.email.trim() === '' ? 'email' : 'password';
  return ADDRESS_PROBLEMS.includes(problem) ? 'email' : null;
}

/**
 * The e-mail part of /account (issue 17): the new address and the current password, held to the contracts' rules
 * before anything is sent (`changeEmailProblem`). Sent, a confirmation link goes to the new address and the current
 * one is told; the e-mail changes only when the link is opened (`ConfirmEmailPage`), which the form says before and
 * after. A refused change says why (translated), marks its field with the focus and keeps what was typed.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('common');
  const [change, { isLoading: sending }] = useChangeEmailMutation();
  const form = useSectionForm({
    empty: EMPTY,
    problemOf: (values) => changeEmailProblem(values, currentEmail),
    fieldOf,
    send: (values) => change(values).unwrap(),
    sending,
  });

  return (
    <AccountSectionForm
      title={t('account.emailChange.title')}
      notes={[t('account.emailChange.current', { email: currentEmail }), t('account.emailChange.note')]}
      formLabel={t('account.emailChange.formLabel')}
      submitLabel={t('account.emailChange.submit')}
      busy={sending}
      error={form.error}
      done={form.done}
      onSubmit={form.onSubmit}
    >
      <AccountSectionInput
        {...form.field('email')}
        label={t('account.emailChange.new')}
        type="email"
        autoComplete="email"
      />
      <AccountSectionInput
        {...form.field('password')}
        label={t('account.emailChange.password')}
        autoComplete="current-password"
      />
    </AccountSectionForm>
  );
}
