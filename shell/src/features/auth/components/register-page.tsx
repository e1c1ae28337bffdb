import {
  errorMessageOf,
  Link,
  Loading,
  useNavigate,
  useParams,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { useRegisterMutation, useValidateInviteQuery } from '../api/registration-api.js';
import { ErrorBanner, useFormStyles, SubmitButton } from '@aba/web-kit/forms';
import type { RegistrationField } from '@aba/contracts/api';
import { Field, Input, Select } from '@fluentui/react-components';
import { useRef, useState, type FormEvent } from 'react';
import {
  fieldOfServerError,
  firstProblemField,
  IdentityMessages,
  initialRegistration,
  REGISTRATION_ROLES,
  registrationFormProblems,
  registrationRequest,
  registrationSummary,
  successMessage,
  type Invite,
  type RegistrationForm as FormValues,
  type RegistrationProblems,
} from '../utils/account-forms.js';
import { fieldProblemProps } from '../../../lib/field-problem.js';
import { AuthPage, useAuthStyles } from './auth-page.js';
import { GuestOnly } from './guest-only.js';

/**
 * /register and /register/:token (spec §2). With a token the invite is validated first: its e-mail is
 * prefilled and read-only and the role it invites to is chosen (issue 13, point 13); an invalid token shows
 * 'Invalid invite id' (translated) instead of the form.
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
  const { data, error, isLoading, isFetching } = useValidateInviteQuery(token, {
    refetchOnMountOrArgChange: true,
  });
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
  return <RegistrationForm invite={{ token, email, role: data?.token.role }} />;
}

/**
 * The registration form. On submit every field that breaks a rule is marked at once (its message under it, linked
 * to it as its description, `aria-invalid` set by Fluent's Field), the red banner sums them up, and the focus goes to
 * the first; a marked field is checked again as it is corrected (issue 13, point 14).
 */
function RegistrationForm({ invite }: { invite?: Invite }) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useAuthStyles();
  const form = useFormStyles();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState<FormValues>(() => initialRegistration(invite));
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const [error, setError] = useState<unknown>(null);
  const controls = useRef<Partial<Record<RegistrationField, HTMLInputElement | HTMLSelectElement | null>>>(
    {},
  );

  const control = (name: RegistrationField) => (node: HTMLInputElement | HTMLSelectElement | null) => {
    controls.current[name] = node;
  };

  const update = (next: FormValues) => {
    setValues(next);
    // Marked fields are checked again as they are corrected; fields not marked yet are left alone while typing.
    setProblems((marked) => {
      if (Object.keys(marked).length === 0) return marked;
      const found = registrationFormProblems(next, invite);
      const still: RegistrationProblems = {};
      for (const name of Object.keys(marked) as RegistrationField[])
        if (found[name]) still[name] = found[name];
      return still;
    });
  };

  const field = (name: Exclude<keyof FormValues, 'role'>) => (_event: unknown, data: { value: string }) =>
    update({ ...values, [name]: data.value });

  const showProblems = (found: RegistrationProblems, summary: unknown) => {
    setProblems(found);
    setError(summary);
    const first = firstProblemField(found);
    if (first) controls.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLoading) return;
    const found = registrationFormProblems(values, invite);
    const summary = registrationSummary(found);
    if (summary) {
      showProblems(found, summary);
      return;
    }
    setProblems({});
    setError(null);
    try {
      const answer = await register(registrationRequest(values, invite)).unwrap();
      navigate('/login', {
        state: {
          message: successMessage(answer, IdentityMessages.registered),
          email: registrationRequest(values, invite).email,
          // Through an invite the address is proven already: the account is active, no activation e-mail is sent.
          activationSent: !invite,
        },
      });
    } catch (failure) {
      const message = errorMessageOf(failure);
      const at = fieldOfServerError(message);
      if (at && message) showProblems({ [at]: message }, failure);
      else setError(failure);
    }
  };

  const check = (name: RegistrationField) =>
    fieldProblemProps(problems[name], t('accessibility.fieldRequired'), translateError);

  return (
    <>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('register.formLabel')}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        <div className={styles.row}>
          <Field label={t('register.firstName')} required {...check('first_name')}>
            <Input
              ref={control('first_name')}
              name="first_name"
              autoComplete="given-name"
              value={values.first_name}
              onChange={field('first_name')}
            />
          </Field>
          <Field label={t('register.lastName')} required {...check('last_name')}>
            <Input
              ref={control('last_name')}
              name="last_name"
              autoComplete="family-name"
              value={values.last_name}
              onChange={field('last_name')}
            />
          </Field>
        </div>
        <Field
          label={t('register.email')}
          required
          hint={invite ? t('register.emailFromInvite') : undefined}
          {...check('email')}
        >
          <Input
            ref={control('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={invite ? invite.email : values.email}
            readOnly={Boolean(invite)}
            onChange={invite ? undefined : field('email')}
          />
        </Field>
        <Field label={t('register.phone')} required {...check('phone')}>
          <Input
            ref={control('phone')}
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={field('phone')}
          />
        </Field>
        <Field
          label={t('register.password')}
          required
          hint={t('register.passwordHint')}
          {...check('password')}
        >
          <Input
            ref={control('password')}
            type="password"
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={field('password')}
          />
        </Field>
        <Field label={t('register.confirmPassword')} required {...check('confirmedPassword')}>
          <Input
            ref={control('confirmedPassword')}
            type="password"
            name="confirmedPassword"
            autoComplete="new-password"
            value={values.confirmedPassword}
            onChange={field('confirmedPassword')}
          />
        </Field>
        <Field
          label={t('register.role')}
          required
          hint={invite?.role ? t('firstUse.roleFromInvite') : undefined}
          {...check('role')}
        >
          <Select
            ref={control('role')}
            name="role"
            value={values.role}
            onChange={(_event, data) =>
              update({
                ...values,
                role: REGISTRATION_ROLES.find((role) => role === data.value) ?? values.role,
              })
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
