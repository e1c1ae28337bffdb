import type { Account, AccountField } from '@aba/contracts/api';
import {
  Loading,
  PageHeading,
  useLanguage,
  useLocation,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, LoadFailure, SubmitButton, SuccessBanner, useFormStyles } from '@aba/web-kit/forms';
import {
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldProblemProps } from '../../../lib/field-problem.js';
import { useGetAccountQuery, useUpdateAccountMutation } from '../api/account-api.js';
import { AccountDeletionSection } from './account-deletion-section.js';
import { AccountExportSection } from './account-export-section.js';
import { EmailChangeForm } from './email-change-form.js';
import { PasswordChangeForm } from './password-change-form.js';
import {
  ACCOUNT_LANGUAGES,
  accountFormProblems,
  accountFormValues,
  accountProblemsSummary,
  accountUpdateRequest,
  asAccountLanguage,
  firstAccountProblemField,
  languageToSwitchTo,
  stillMarked,
  type AccountFormValues,
  type AccountProblems,
} from '../utils/account-form.js';

const useStyles = makeStyles({
  page: { width: '100%', maxWidth: '28rem' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: `0 0 ${tokens.spacingVerticalXL}`,
  },
  term: { ...typographyStyles.body1Strong, color: tokens.colorNeutralForeground2 },
  value: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
  row: {
    display: 'grid',
    gap: tokens.spacingHorizontalM,
    gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5); 16 px text, so a phone does not zoom into the field.
  input: { '& input': { minHeight: '44px' } },
  languages: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
  radio: { minHeight: '44px', alignItems: 'center' },
  // The whole choice (circle and name) takes the tap, not only the circle.
  radioInput: { width: '100%' },
});

/**
 * /account (issue 17): the logged-in user's own account. The e-mail and the role are shown, not changed here; the
 * names, the phone and the language are a form. On submit every field that breaks a rule of the contracts is marked
 * at once and the focus goes to the first; a refused save keeps what was typed and says why (translated). A save
 * says so in a status message, puts the new name in the user menu and, when the language saved is not the one the
 * interface shows, switches the interface to it. Below, the e-mail change (`EmailChangeForm`) and the password change
 * (`PasswordChangeForm`), then the download of the user's data (`AccountExportSection`), and last the account's
 * deletion (`AccountDeletionSection`). A link to a section (`/account#my-data`) scrolls to it and gives it the focus once
 * the account is read.
 */
export function AccountPage() {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useStyles();
  const { data: account, error, isFetching, refetch } = useGetAccountQuery();
  const { hash } = useLocation();
  const loaded = account !== undefined;

  useEffect(() => {
    if (!loaded || hash.length < 2) return;
    const target = document.getElementById(hash.slice(1));
    target?.scrollIntoView?.({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [loaded, hash]);

  return (
    <section className={styles.page}>
      <PageHeading>{t('account.title')}</PageHeading>
      {account ? (
        <>
          <AccountForm account={account} />
          <EmailChangeForm currentEmail={account.email} />
          <PasswordChangeForm />
          <AccountExportSection />
          <AccountDeletionSection account={account} />
        </>
      ) : error !== undefined ? (
        <LoadFailure onRetry={() => void refetch()} retrying={isFetching}>
          {t('account.loadFailed')} {translateError(error)}
        </LoadFailure>
      ) : (
        <Loading />
      )}
    </section>
  );
}

type Control = HTMLInputElement | HTMLDivElement | null;

function AccountForm({ account }: { account: Account }) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const styles = useStyles();
  const form = useFormStyles();
  const { language, setLanguage } = useLanguage();
  const [save, { isLoading: saving }] = useUpdateAccountMutation();
  const [values, setValues] = useState<AccountFormValues>(() => accountFormValues(account));
  const [problems, setProblems] = useState<AccountProblems>({});
  const [error, setError] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const controls = useRef<Partial<Record<AccountField, Control>>>({});

  const control = (name: AccountField) => (node: Control) => {
    controls.current[name] = node;
  };

  const focus = (name: AccountField) => {
    const node = controls.current[name];
    if (node instanceof HTMLInputElement) node.focus();
    else node?.querySelector<HTMLInputElement>('input:checked, input')?.focus();
  };

  const update = (next: AccountFormValues) => {
    setValues(next);
    setSaved(false);
    setProblems((marked) => stillMarked(marked, next));
  };

  const field = (name: Exclude<AccountField, 'language'>) => (_event: unknown, data: { value: string }) =>
    update({ ...values, [name]: data.value });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaved(false);
    const found = accountFormProblems(values);
    const summary = accountProblemsSummary(found);
    if (summary) {
      setProblems(found);
      setError(summary);
      const first = firstAccountProblemField(found);
      if (first) focus(first);
      return;
    }
    setProblems({});
    setError(null);
    try {
      const answer = await save(accountUpdateRequest(values)).unwrap();
      setValues(accountFormValues(answer));
      setSaved(true);
      const next = languageToSwitchTo(answer.language, language);
      if (next) await setLanguage(next).catch(() => undefined);
    } catch (failure) {
      // What was typed stays in the form; the banner says why it was not saved.
      setError(failure);
    }
  };

  const check = (name: AccountField) =>
    fieldProblemProps(problems[name], t('accessibility.fieldRequired'), translateError);

  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('account.email')}</dt>
        <dd className={styles.value}>{account.email}</dd>
        <dt className={styles.term}>{t('account.role')}</dt>
        <dd className={styles.value}>{t(`account.roles.${account.role}`)}</dd>
      </dl>
      <form className={form.form} onSubmit={onSubmit} noValidate aria-label={t('account.formLabel')}>
        {error !== null && <ErrorBanner>{translateError(error)}</ErrorBanner>}
        {saved && <SuccessBanner>{t('account.saved')}</SuccessBanner>}
        <div className={styles.row}>
          <Field label={t('account.firstName')} required {...check('first_name')}>
            <Input
              ref={control('first_name')}
              className={styles.input}
              size="large"
              name="first_name"
              autoComplete="given-name"
              value={values.first_name}
              onChange={field('first_name')}
            />
          </Field>
          <Field label={t('account.lastName')} required {...check('last_name')}>
            <Input
              ref={control('last_name')}
              className={styles.input}
              size="large"
              name="last_name"
              autoComplete="family-name"
              value={values.last_name}
              onChange={field('last_name')}
            />
          </Field>
        </div>
        <Field label={t('account.phone')} required {...check('phone')}>
          <Input
            ref={control('phone')}
            className={styles.input}
            size="large"
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={field('phone')}
          />
        </Field>
        <Field label={t('account.language')} {...check('language')}>
          <RadioGroup
            ref={control('language')}
            className={styles.languages}
            layout="horizontal"
            name="language"
            value={values.language}
            onChange={(_event, data) =>
              update({ ...values, language: asAccountLanguage(data.value) ?? values.language })
            }
          >
            {ACCOUNT_LANGUAGES.map((lng) => (
              <Radio
                key={lng}
                value={lng}
                className={styles.radio}
                input={{ className: styles.radioInput }}
                label={{ children: t(`language.${lng}Name`), lang: lng }}
              />
            ))}
          </RadioGroup>
        </Field>
        <div className={form.actions}>
          <SubmitButton busy={saving}>{t('account.submit')}</SubmitButton>
        </div>
      </form>
    </>
  );
}
