import { changeEmailProblem, IdentityMessages, type ChangeEmailRequest } from '@aba/contracts/api';
import { errorMessageOf, useTranslation } from '@aba/web-kit';
import { useState, type FormEvent } from 'react';
import { useChangeEmailMutation } from '../api/account-api.js';
import { AccountSectionForm, AccountSectionInput, useSectionFields } from './account-section-form.js';

type EmailValues = Required<ChangeEmailRequest>;
const EMPTY: EmailValues = { email: '', password: '' };

/** The field a refused e-mail change is about: the password when it was wrong or left empty, else the address. */
function fieldOf(problem: string, values: EmailValues): keyof EmailValues {
  if (problem === IdentityMessages.wrongCurrentPassword) return 'password';
  if (problem === IdentityMessages.requiredFields && values.email.trim() !== '') return 'password';
  return 'email';
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
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<string | null>(null);
  const fields = useSectionFields(EMPTY, () => setSent(null));

  const refuse = (failure: unknown, problem: string) => {
    setError(failure);
    fields.mark(fieldOf(problem, fields.values));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSent(null);
    const problem = changeEmailProblem(fields.values, currentEmail);
    if (problem) {
      refuse(problem, problem);
      return;
    }
    setError(null);
    fields.mark(null);
    try {
      const answer = await change(fields.values).unwrap();
      fields.clear();
      setSent(answer.message);
    } catch (failure) {
      refuse(failure, errorMessageOf(failure) ?? '');
    }
  };

  return (
    <AccountSectionForm
      title={t('account.emailChange.title')}
      notes={[t('account.emailChange.current', { email: currentEmail }), t('account.emailChange.note')]}
      formLabel={t('account.emailChange.formLabel')}
      submitLabel={t('account.emailChange.submit')}
      busy={sending}
      error={error}
      done={sent}
      onSubmit={onSubmit}
    >
      <AccountSectionInput
        {...fields.field('email')}
        label={t('account.emailChange.new')}
        type="email"
        autoComplete="email"
      />
      <AccountSectionInput
        {...fields.field('password')}
        label={t('account.emailChange.password')}
        autoComplete="current-password"
      />
    </AccountSectionForm>
  );
}
