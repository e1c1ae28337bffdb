import { CONSENT_VERSION } from '@aba/contracts/api';
import {
  formatDateTime,
  Loading,
  PageHeading,
  useCurrentChild,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ActionError, SuccessBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useId, useRef, useState } from 'react';
import { useConsentQuery, useGiveConsentMutation, useWithdrawConsentMutation } from '../api/consent-api.js';
import { ReadFailure } from '../../../lib/read-failure.js';
import { consentChoices } from '../utils/consent-view.js';
import { AfterWithdrawalLinks } from './consent-notice.js';

const useStyles = makeStyles({
  text: { margin: `0 0 ${tokens.spacingVerticalM}`, overflowWrap: 'anywhere', maxWidth: '40rem' },
  statement: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    padding: tokens.spacingHorizontalL,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground2,
    maxWidth: '40rem',
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5).
  button: { minHeight: '44px' },
  notice: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
  changed: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    maxWidth: '40rem',
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  after: { margin: `${tokens.spacingVerticalL} 0 0`, maxWidth: '40rem', overflowWrap: 'anywhere' },
});

/**
 * /child/{id}/consent (issue 17, ADR 0046): the owner's consent to the child's data, its text and where it stands
 * (given when, for which version; withdrawn when; not given yet). Everyone on the team reads it; the owner gives it
 * (again: also when the consent in force was given to an older text, which the page then says changed) or withdraws
 * it, once asked to confirm: withdrawn, the child's data can be read, not added to or changed, and the owner is offered
 * their data and the child's deletion (`consentChoices`).
 */
export function ConsentPage() {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const child = useCurrentChild();
  const headingId = useId();
  const read = useConsentQuery(child?.id ?? '', { skip: child === null, refetchOnMountOrArgChange: true });
  const [give, giving] = useGiveConsentMutation();
  const [withdraw, withdrawing] = useWithdrawConsentMutation();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  if (child === null) return <Loading />;
  const owner = child.relation === 'OWNER';

  const act = async (write: () => Promise<{ message: string }>) => {
    setFailure(null);
    try {
      setDone((await write()).message);
      setConfirming(false);
      setTimeout(() => doneRef.current?.focus());
    } catch (error) {
      setFailure((previous) => ({ error, count: (previous?.count ?? 0) + 1 }));
    }
  };

  let status;
  if (read.isError) {
    status = <ReadFailure read={read} />;
  } else if (!read.data) {
    status = <Loading announced label={t('consent.loading')} />;
  } else {
    const { consent } = read.data;
    const choices = consentChoices(consent, owner);
    status = (
      <>
        <p className={styles.text} data-testid="consent-state">
          {consent === null
            ? t('consent.none')
            : consent.withdrawn_at !== null
              ? t('consent.withdrawnOn', { when: formatDateTime(consent.withdrawn_at, child.time_zone) })
              : t('consent.givenOn', {
                  when: formatDateTime(consent.given_at, child.time_zone),
                  version: consent.version,
                })}
        </p>
        {choices.changed && owner ? <p className={styles.changed}>{t('consent.changed')}</p> : null}
        {owner ? (
          <div className={styles.actions}>
            {choices.agree && !confirming ? (
              <Button
                className={styles.button}
                appearance="primary"
                disabledFocusable={giving.isLoading}
                onClick={() => void act(() => give({ childId: child.id, version: CONSENT_VERSION }).unwrap())}
              >
                {t('consent.agree')}
              </Button>
            ) : null}
            {choices.withdraw && !confirming ? (
              <Button className={styles.button} onClick={() => setConfirming(true)}>
                {t('consent.withdraw')}
              </Button>
            ) : null}
            {choices.withdraw && confirming ? (
              <>
                <p className={styles.text}>{t('consent.withdrawQuestion')}</p>
                <Button
                  className={styles.button}
                  appearance="primary"
                  disabledFocusable={withdrawing.isLoading}
                  onClick={() => void act(() => withdraw({ childId: child.id }).unwrap())}
                >
                  {t('consent.withdrawConfirm')}
                </Button>
                <Button className={styles.button} onClick={() => setConfirming(false)}>
                  {t('consent.keep')}
                </Button>
              </>
            ) : null}
          </div>
        ) : null}
        {choices.afterWithdrawal ? (
          <>
            <p className={styles.after}>{t('consent.afterWithdrawal')}</p>
            <AfterWithdrawalLinks />
          </>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} aria-busy={read.isFetching}>
      <PageHeading id={headingId}>{t('consent.title')}</PageHeading>
      <div ref={doneRef} tabIndex={-1} className={styles.notice}>
        {done ? <SuccessBanner>{translate(done)}</SuccessBanner> : null}
      </div>
      <p className={styles.statement}>
        {t('consent.statement')} {t('consent.version', { version: CONSENT_VERSION })}
      </p>
      {status}
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </section>
  );
}
