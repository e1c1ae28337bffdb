import type { LoginResponse } from '@aba/contracts/api';
// The form lives in the `@aba/web-kit/forms` entry, which every build bundles for itself; the session
// API must be the page's one shared instance, so it is imported through the shared package name.
import { useLoginMutation, useServerErrorTranslator } from '@aba/web-kit';
import { Field, Input } from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from './banners.js';
import { useFormStyles } from './form-styles.js';
import { SubmitButton } from './submit-button.js';

/** Spec §5 message for an empty field (also used by the server). */
const REQUIRED_FIELDS = 'Please fill out all the required fields';

export interface LoginFormProps {
  /** Called with the login answer once the server accepted the credentials. */
  onLoggedIn: (response: LoginResponse) => void;
  /** Called when the user submits (e.g. to hide banners that came with the navigation). */
  onSubmitStart?: () => void;
  /** Shown beside the submit button, e.g. the "Forgot password?" link. */
  extraActions?: ReactNode;
  /** The e-mail to start with (e.g. the address just registered). */
  initialEmail?: string;
}

/**
 * E-mail + password form (strings from `common:login`): posts /api/login, shows a translated server
 * error in the red banner and keeps what was typed. Used by the shell's /login and the admin portal.
 */
export function LoginForm({ onLoggedIn, onSubmitStart, extraActions, initialEmail = '' }: LoginFormProps) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useFormStyles();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    onSubmitStart?.();
    if (email.trim() === '' || password === '') {
      setError(REQUIRED_FIELDS);
      return;
    }
    setError(null);
    try {
      const response = await login({ email, password }).unwrap();
      onLoggedIn(response);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('login.formLabel')}>
      {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
      <Field label={t('login.email')} required>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(_event, data) => setEmail(data.value)}
        />
      </Field>
      <Field label={t('login.password')} required>
        <Input
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(_event, data) => setPassword(data.value)}
        />
      </Field>
      <div className={styles.actions}>
        <SubmitButton busy={isLoading}>{t('login.submit')}</SubmitButton>
        {extraActions}
      </div>
    </form>
  );
}
