import { Link, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { useRequestPasswordResetMutation } from '../api/password-reset-api.js';
import { ErrorBanner, SuccessBanner, useFormStyles, SubmitButton } from '@aba/web-kit/forms';
import { Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { IdentityMessages, resetRequestProblem, successMessage } from '../utils/account-forms.js';
import { AuthPage, useAuthStyles } from './auth-page.js';

/** /reset-password: asks for a reset link; the server answers the same neutral message for any e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useAuthStyles();
  const form = useFormStyles();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [message, setMessage] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    setMessage(null);
    const problem = resetRequestProblem(email);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const answer = await requestReset({ email }).unwrap();
      setMessage(successMessage(answer, IdentityMessages.resetRequested));
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <AuthPage title={t('resetPassword.title')} intro={t('resetPassword.intro')}>
      {message !== null && <SuccessBanner>{translateError(message)}</SuccessBanner>}
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('resetPassword.formLabel')}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        <Field label={t('resetPassword.email')} required>
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(_event, data) => setEmail(data.value)}
          />
        </Field>
        <div className={form.actions}>
          <SubmitButton busy={isLoading}>{t('resetPassword.submit')}</SubmitButton>
          <Link to="/login" className={styles.link}>
            {t('resetPassword.backToLogin')}
          </Link>
        </div>
      </form>
    </AuthPage>
  );
}
