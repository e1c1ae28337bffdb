import type { Account, SubscriptionDataResponse } from '@aba/contracts/api';
import {
  clearStoredUser,
  errorMessageOf,
  Link,
  Loading,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, useFormStyles } from '@aba/web-kit/forms';
import {
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
  typographyStyles,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_DELETED_LOGIN_PATH, coordinatorsPath } from '../../../lib/account-links.js';
import { ReadFailure } from '../../../lib/read-failure.js';
import {
  useDeleteAccountMutation,
  useDeletionOverviewQuery,
  useDeletionSubscriptionsQuery,
} from '../api/account-deletion-api.js';
import {
  accountDeletionRequest,
  childName,
  deletionFilled,
  deletionFormProblem,
  deletionProblemField,
  subscriptionsOutcome,
  waitingHandOvers,
  type DeletionField,
  type DeletionOverview,
  type DeletionValues,
} from '../utils/account-deletion.js';
import { AccountSection, AccountSectionInput } from './account-section-form.js';

// Red on white and white on red both pass WCAG AA (4.5:1); the focus ring stays Fluent's own.
const onDanger = { color: tokens.colorNeutralForegroundOnBrand };
const useStyles = makeStyles({
  zone: {
    paddingTop: tokens.spacingVerticalL,
    borderTop: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteRedBorder2}`,
  },
  toggle: {
    color: tokens.colorPaletteRedForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder2}`,
    ':hover': {
      color: tokens.colorPaletteRedForeground2,
      backgroundColor: tokens.colorPaletteRedBackground1,
    },
    ':hover:active': {
      color: tokens.colorPaletteRedForeground2,
      backgroundColor: tokens.colorPaletteRedBackground2,
    },
  },
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    ...onDanger,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, ...onDanger },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground2, ...onDanger },
  },
  panel: { marginTop: tokens.spacingVerticalL },
  group: {
    ...typographyStyles.body1Strong,
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalXS}`,
  },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  text: { ...typographyStyles.body1, margin: 0, overflowWrap: 'anywhere' },
  name: { ...typographyStyles.body1Strong, overflowWrap: 'anywhere' },
  final: { ...typographyStyles.body1Strong },
  // Tap targets of at least 44 px (WCAG 2.5.5), though the link sits in a list.
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
  form: { marginTop: tokens.spacingVerticalL },
  hint: { ...typographyStyles.body1, margin: 0, color: tokens.colorNeutralForeground2 },
});

/**
 * "Ștergerea contului" at the end of /account (issue 17, GDPR Art 17, ADR 0050), closed behind "Șterge contul…" (a
 * disclosure button). Opened, it says what will happen (`DeletionPanel`), then asks for the password and the account's
 * e-mail (`DeletionForm`).
 */
export function AccountDeletionSection({ account }: { account: Account }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const form = useFormStyles();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  return (
    <AccountSection
      title={t('account.deletion.title')}
      notes={[t('account.deletion.intro')]}
      className={styles.zone}
    >
      <Button
        ref={toggleRef}
        className={mergeClasses(form.submit, styles.toggle)}
        icon={<DeleteRegular />}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('account.deletion.open')}
      </Button>
      {open ? (
        <DeletionPanel
          id={panelId}
          email={account.email}
          onCancel={() => {
            setOpen(false);
            toggleRef.current?.focus();
          }}
        />
      ) : null}
    </AccountSection>
  );
}

/**
 * What the deletion does, read when the section opens: each child the user owns is erased with all its data (or its
 * hand-over waits, with the way to its coordinators page, where it is handed over), their place on others' teams ends,
 * recently deleted children go for good, subscriptions are cancelled; what they recorded on other families' children
 * stays by a "former user"; nothing can be undone. Then the form.
 */
function DeletionPanel({ id, email, onCancel }: { id: string; email: string; onCancel: () => void }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const overview = useDeletionOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const subscriptions = useDeletionSubscriptionsQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <div id={id} className={styles.panel}>
      {overview.data ? (
        <Consequences overview={overview.data} subscriptions={subscriptions.data} />
      ) : overview.isError ? (
        <ReadFailure read={overview} />
      ) : (
        <Loading announced label={t('account.deletion.loading')} />
      )}
      <DeletionForm
        email={email}
        overview={overview.data}
        onCancel={onCancel}
        onRefused={() => void overview.refetch()}
      />
    </div>
  );
}

function Consequences({
  overview,
  subscriptions,
}: {
  overview: DeletionOverview;
  subscriptions: SubscriptionDataResponse | undefined;
}) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const billing = subscriptionsOutcome(subscriptions);
  return (
    <>
      {overview.owned.length > 0 ? (
        <>
          <h3 className={styles.group}>{t('account.deletion.ownedTitle')}</h3>
          <ul className={styles.list} aria-label={t('account.deletion.ownedTitle')}>
            {overview.owned.map(({ child, offer }) => {
              const name = childName(child);
              const link = offer ? t('account.deletion.seeHandOver') : t('account.deletion.handOver');
              return (
                <li key={child.id}>
                  <span className={styles.name}>{name}</span>
                  <p className={styles.text}>
                    {offer
                      ? t('account.deletion.handOverWaiting', {
                          name: offer.to_name ?? t('account.deletion.formerUser'),
                        })
                      : t('account.deletion.childErased')}
                  </p>
                  <Link
                    className={styles.link}
                    to={coordinatorsPath(child.id)}
                    aria-label={t('account.deletion.linkFor', { link, name })}
                  >
                    {link}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {overview.helped.length > 0 ? (
        <>
          <h3 className={styles.group}>{t('account.deletion.helpedTitle')}</h3>
          <ul className={styles.list} aria-label={t('account.deletion.helpedTitle')}>
            {overview.helped.map((child) => (
              <li key={child.id} className={styles.text}>
                {t('account.deletion.leaveTeam', { name: childName(child) })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3 className={styles.group}>{t('account.deletion.accountTitle')}</h3>
      <ul className={styles.list} aria-label={t('account.deletion.accountTitle')}>
        {overview.deleted.length > 0 ? (
          <li className={styles.text}>
            {t('account.deletion.deletedErased', { names: overview.deleted.map(childName).join(', ') })}
          </li>
        ) : null}
        <li className={styles.text}>
          {t(`account.deletion.subscriptions.${billing.kind}`)}
          {billing.inUse.length > 0
            ? ` ${t('account.deletion.licencesInUse', { names: billing.inUse.join(', ') })}`
            : null}
        </li>
        <li className={styles.text}>{t('account.deletion.recordsStay')}</li>
        <li className={styles.text}>{t('account.deletion.accountErased')}</li>
        <li className={mergeClasses(styles.text, styles.final)}>{t('account.deletion.final')}</li>
      </ul>
    </>
  );
}

/**
 * The password and the account's e-mail typed again; "Șterg definitiv contul" can be used once both are filled and no
 * hand-over waits (a line under it says why not; it stays focusable). The e-mail is checked as the server checks it
 * before anything is sent. A refusal about a field marks it, says why under it and takes the focus there; any other
 * (a hand-over waiting after all, too many wrong passwords, the service unavailable) is said under the button, with the
 * focus, and the children are read again. Deleted, the session is gone: the app is loaded afresh on /login, which
 * says the account was deleted.
 */
function DeletionForm({
  email,
  overview,
  onCancel,
  onRefused,
}: {
  email: string;
  overview: DeletionOverview | undefined;
  onCancel: () => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const form = useFormStyles();
  const [remove, removing] = useDeleteAccountMutation();
  const [values, setValues] = useState<DeletionValues>({ password: '', confirmation: '' });
  const [invalid, setInvalid] = useState<{ field: DeletionField; message: string } | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const inputs = useRef<Partial<Record<DeletionField, HTMLInputElement | null>>>({});
  const hintId = useId();
  const busy = removing.isLoading || leaving;
  const waiting = overview ? waitingHandOvers(overview).length : 0;
  const ready = overview !== undefined && waiting === 0 && deletionFilled(values);
  const hint =
    waiting > 0
      ? t('account.deletion.waitingBlocks')
      : !deletionFilled(values)
        ? t('account.deletion.fillBoth')
        : null;

  const refuse = (error: unknown) => {
    const message = errorMessageOf(error);
    const field = deletionProblemField(message);
    if (field && message) {
      setFailure(null);
      setInvalid({ field, message });
      inputs.current[field]?.focus();
      return;
    }
    setInvalid(null);
    setFailure((previous) => ({ error, count: (previous?.count ?? 0) + 1 }));
    onRefused();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !ready || !overview) return;
    const problem = deletionFormProblem(values, email);
    if (problem) {
      refuse(problem);
      return;
    }
    setInvalid(null);
    setFailure(null);
    try {
      await remove(accountDeletionRequest(values, overview)).unwrap();
      setLeaving(true);
      // The session cookie is gone: forget this browser's copy of the user, and start the app afresh on /login
      // (an in-app move would race the protected page's own redirect to /login, which carries no message).
      clearStoredUser();
      window.location.replace(ACCOUNT_DELETED_LOGIN_PATH);
    } catch (error) {
      refuse(error);
    }
  };

  const field = (name: DeletionField) => ({
    name,
    value: values[name],
    invalid: invalid?.field === name,
    message: invalid?.field === name ? translate(invalid.message) : undefined,
    inputRef: (node: HTMLInputElement | null) => {
      inputs.current[name] = node;
    },
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (invalid?.field === name) setInvalid(null);
    },
  });

  return (
    <form
      className={mergeClasses(form.form, styles.form)}
      onSubmit={onSubmit}
      noValidate
      aria-label={t('account.deletion.formLabel')}
    >
      <AccountSectionInput
        {...field('password')}
        label={t('account.deletion.password')}
        autoComplete="current-password"
      />
      <AccountSectionInput
        {...field('confirmation')}
        type="email"
        label={t('account.deletion.confirmation', { email })}
        autoComplete="off"
      />
      <div className={form.actions}>
        <Button
          type="submit"
          appearance="primary"
          className={mergeClasses(form.submit, ready && !busy ? styles.danger : undefined)}
          disabledFocusable={!ready || busy}
          aria-describedby={hint && !busy ? hintId : undefined}
          icon={busy ? <Spinner size="tiny" /> : <DeleteRegular />}
        >
          {t('account.deletion.submit')}
        </Button>
        <Button type="button" className={form.submit} disabled={busy} onClick={onCancel}>
          {t('account.deletion.cancel')}
        </Button>
      </div>
      {hint && !busy ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </form>
  );
}
