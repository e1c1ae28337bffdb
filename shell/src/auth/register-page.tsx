import {
  Link,
  Loading,
  useNavigate,
  useParams,
  useRegisterMutation,
  useServerErrorTranslator,
  useTranslation,
  useValidateInviteQuery,
} from '@aba/web-kit';
import { ErrorBanner, useFormStyles, SubmitButton } from '@aba/web-kit/forms';
import { Field, Input, Select } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import {
  EMPTY_REGISTRATION,
  IdentityMessages,
  REGISTRATION_ROLES,
  registrationFormProblem,
  registrationRequest,
  successMessage,
  type Invite,
  type RegistrationForm as FormValues,
} from './account-forms.js';
import { AuthPage, useAuthStyles } from './auth-page.js';
import { GuestOnly } from './guest-only.js';

/**
 * /register and /register/:token (spec §2). With a token the invite is validated first: its e-mail is
 * prefilled and read-only; an invalid token shows 'Invalid invite id' (translated) instead of the form.
 */
export function RegisterPage() {
  const { token } = useParams();
  const { t } = useTranslation('common');
  return (
    <GuestOnly>
      <AuthPage title={t('register.title')} intro={t('register.intro')}>
        {token ? <InvitedRegistration key={token} token={token} /> : <RegistrationForm />}
      </AuthPage>
    </GuestOnly>
  );
}

function InvitedRegistration({ token }: { token: string }) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useAuthStyles();
  const { data, error, isLoading, isFetching } = useValidateInviteQuery(token, { refetchOnMountOrArgChange: true });
  if (isLoading || (isFetching && !data)) return <Loading />;
  const email = data?.token?.email;
  if (error || typeof email !== 'string' || email === '') {
    return (
      <>
        <ErrorBanner>{translateError(error ?? IdentityMessages.invalidInvite)}</ErrorBanner>
        <p>
          <Link to="/register" className={styles.link}>
            {t('register.withoutInvite')}
          </Link>
        </p>
      </>
    );
  }
  return <RegistrationForm invite={{ token, email }} />;
}

function RegistrationForm({ invite }: { invite?: Invite }) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useAuthStyles();
  const form = useFormStyles();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState<FormValues>(() => ({
    ...EMPTY_REGISTRATION,
    email: invite?.email ?? '',
  }));
  const [error, setError] = useState<unknown>(null);

  const field =
    (name: Exclude<keyof FormValues, 'role'>) =>
    (_event: unknown, data: { value: string }) =>
      setValues((current) => ({ ...current, [name]: data.value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const problem = registrationFormProblem(values, invite);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const answer = await register(registrationRequest(values, invite)).unwrap();
      navigate('/login', { state: { message: successMessage(answer, IdentityMessages.registered) } });
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('register.formLabel')}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        <div className={styles.row}>
          <Field label={t('register.firstName')} required>
            <Input name="first_name" autoComplete="given-name" value={values.first_name} onChange={field('first_name')} />
          </Field>
          <Field label={t('register.lastName')} required>
            <Input name="last_name" autoComplete="family-name" value={values.last_name} onChange={field('last_name')} />
          </Field>
        </div>
        <Field
          label={t('register.email')}
          required
          hint={invite ? t('register.emailFromInvite') : undefined}
        >
          <Input
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={invite ? invite.email : values.email}
            readOnly={Boolean(invite)}
            onChange={invite ? undefined : field('email')}
          />
        </Field>
        <Field label={t('register.phone')} required>
          <Input type="tel" name="phone" autoComplete="tel" value={values.phone} onChange={field('phone')} />
        </Field>
        <Field label={t('register.password')} required hint={t('register.passwordHint')}>
          <Input
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={field('password')}
          />
        </Field>
        <Field label={t('register.confirmPassword')} required>
          <Input
            type="password"
            name="confirmedPassword"
            autoComplete="new-password"
            value={values.confirmedPassword}
            onChange={field('confirmedPassword')}
          />
        </Field>
        <Field label={t('register.role')} required>
          <Select
            name="role"
            value={values.role}
            onChange={(_event, data) =>
              setValues((current) => ({
                ...current,
                role: REGISTRATION_ROLES.find((role) => role === data.value) ?? current.role,
              }))
            }
          >
            {REGISTRATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`register.roles.${role}`)}
              </option>
            ))}
          </Select>
        </Field>
        <p className={styles.intro}>
          {t('register.termsNote')}{' '}
          <Link to="/terms" className={styles.link}>
            {t('register.termsLink')}
          </Link>
          .
        </p>
        <div className={form.actions}>
          <SubmitButton busy={isLoading}>{t('register.submit')}</SubmitButton>
        </div>
      </form>
      <p className={styles.aside}>
        {t('register.haveAccount')}{' '}
        <Link to="/login" className={styles.link}>
          {t('register.loginLink')}
        </Link>
      </p>
    </>
  );
}
