import {
  errorMessageOf,
  Loading,
  type LoginPageState,
  Navigate,
  useNavigate,
  useParams,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { useResetPasswordMutation, useValidateResetTokenQuery } from '../api/password-reset-api.js';
import { ErrorBanner, useFormStyles, SubmitButton } from '@aba/web-kit/forms';
import { Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { IdentityMessages, newPasswordFormProblem, successMessage } from '../utils/account-forms.js';
import { AuthPage } from './auth-page.js';

/**
 * /token/reset-password/:token: the link is validated first (an invalid one goes to /login with the
 * error in the red banner, spec §4); then a new password and its confirmation.
 */
export function SetPasswordPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const { data, error, isLoading, isFetching } = useValidateResetTokenQuery(token, {
    skip: token === '',
    refetchOnMountOrArgChange: true,
  });
  if (token === '' || error) {
    const state: LoginPageState = { error: errorMessageOf(error) ?? IdentityMessages.invalidToken };
    return <Navigate to="/login" replace state={state} />;
  }
  if (isLoading || (isFetching && !data)) {
    return (
      <AuthPage title={t('setPassword.title')}>
        <Loading />
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('setPassword.title')} intro={t('setPassword.intro')}>
      <NewPasswordForm token={token} />
    </AuthPage>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const form = useFormStyles();
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmedPassword, setConfirmedPassword] = useState('');
  const [error, setError] = useState<unknown>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = newPasswordFormProblem(password, confirmedPassword);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const answer = await resetPassword({ token, password, confirmedPassword }).unwrap();
      const state: LoginPageState = { message: successMessage(answer, IdentityMessages.passwordChanged) };
      navigate('/login', { replace: true, state });
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('setPassword.formLabel')}>
      {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
      <Field label={t('setPassword.password')} required hint={t('register.passwordHint')}>
        <Input
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(_event, data) => setPassword(data.value)}
        />
      </Field>
      <Field label={t('setPassword.confirmPassword')} required>
        <Input
          type="password"
          name="confirmedPassword"
          autoComplete="new-password"
          value={confirmedPassword}
          onChange={(_event, data) => setConfirmedPassword(data.value)}
        />
      </Field>
      <div className={form.actions}>
        <SubmitButton busy={isLoading}>{t('setPassword.submit')}</SubmitButton>
      </div>
    </form>
  );
}
