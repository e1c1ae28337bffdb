import type { ChildDetail, Helper } from '@aba/contracts/api';
import { formatDate, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ActionError, SuccessBanner } from '@aba/web-kit/forms';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { PersonArrowRightRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState } from 'react';
import { useOfferOwnershipMutation, useWithdrawOwnershipMutation } from '../api/ownership-api.js';

const useStyles = makeStyles({
  status: {
    display: 'flex',
    flexDirection: 'column',
    maxWidth: '40rem',
    marginBottom: tokens.spacingVerticalL,
  },
  bar: { marginBottom: tokens.spacingVerticalM },
  done: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalS,
  },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5).
  button: { minHeight: '44px', minWidth: '44px' },
  // The question takes the row's whole width, under the coordinator's name.
  question: {
    flexBasis: '100%',
    minWidth: 0,
    borderRadius: tokens.borderRadiusMedium,
    ':focus': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
    },
  },
  questionTitle: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, overflowWrap: 'anywhere' },
});

/** The last answer to a hand-over on this page; `count` tells one from the next (the focus moves to each). */
export interface HandOverDone {
  message: string;
  count: number;
}

/** Failures of one action: the focus moves to each (ActionError's `focusKey`). */
function useFailure() {
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  return {
    failure,
    failed: (error: unknown) => setFailure((previous) => ({ error, count: (previous?.count ?? 0) + 1 })),
    clear: () => setFailure(null),
  };
}

/**
 * The top of the child's coordinators page for its owner (issue 17, ADR 0050): what the last hand-over step answered
 * (a status message that takes the focus), and while an offer waits, to whom and since when, with "Withdraw the
 * hand-over" (a refusal said translated under it).
 */
export function HandOverStatus({
  child,
  done,
  onDone,
}: {
  child: ChildDetail;
  done: HandOverDone | null;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const [withdraw, withdrawing] = useWithdrawOwnershipMutation();
  const { failure, failed, clear } = useFailure();
  const doneRef = useRef<HTMLDivElement>(null);
  const offer = child.ownership_offer;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const onWithdraw = async () => {
    if (withdrawing.isLoading) return;
    try {
      const { message } = await withdraw({ childId: child.id }).unwrap();
      clear();
      onDone(message);
    } catch (error) {
      failed(error);
    }
  };

  return (
    <div className={styles.status}>
      <div ref={doneRef} tabIndex={-1} className={styles.done}>
        {done ? <SuccessBanner>{translate(done.message)}</SuccessBanner> : null}
      </div>
      {offer ? (
        <MessageBar intent="warning" layout="multiline" className={styles.bar}>
          <MessageBarBody>
            <p className={styles.text}>
              {t('ownership.waiting', {
                name: offer.to_name ?? t('ownership.formerUser'),
                date: formatDate(offer.offered_at, child.time_zone),
              })}
            </p>
            <div className={styles.actions}>
              <Button
                className={styles.button}
                disabledFocusable={withdrawing.isLoading}
                onClick={() => void onWithdraw()}
              >
                {t('ownership.withdraw')}
              </Button>
            </div>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </div>
  );
}

/**
 * "Hand over the child" on an active coordinator's row, for the owner: it asks first, in the row (the coordinator owns
 * the child once they accept; the owner stays on the team as a coordinator; the licence stays on the owner's
 * subscription until removed), with the focus on the question; "Not now" takes the focus back to the button. Sent,
 * `onOffered` hears the answer; a refusal is said translated in the row.
 */
export function HandOverControl({
  childId,
  helper,
  name,
  asking,
  onAsking,
  onOffered,
}: {
  childId: string;
  helper: Helper;
  name: string;
  /** Whether this row's question is open (one row's at a time). */
  asking: boolean;
  onAsking: (asking: boolean) => void;
  onOffered: (message: string) => void;
}) {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const questionId = useId();
  const [offer, offering] = useOfferOwnershipMutation();
  const { failure, failed, clear } = useFailure();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);

  const userId = helper.user_id;
  if (userId === null) return null;

  const onConfirm = async () => {
    if (offering.isLoading) return;
    try {
      const { message } = await offer({ childId, toUserId: userId }).unwrap();
      clear();
      onAsking(false);
      onOffered(message);
    } catch (error) {
      failed(error);
    }
  };

  if (!asking) {
    return (
      <Button
        ref={buttonRef}
        className={styles.button}
        icon={<PersonArrowRightRegular />}
        aria-label={t('ownership.handOverTo', { name })}
        onClick={() => {
          clear();
          onAsking(true);
        }}
      >
        {t('ownership.handOver')}
      </Button>
    );
  }
  return (
    <div
      ref={questionRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={questionId}
      className={styles.question}
    >
      <p id={questionId} className={styles.questionTitle}>
        {t('ownership.question', { name })}
      </p>
      <p className={styles.text}>{t('ownership.details', { name })}</p>
      <div className={styles.actions}>
        <Button
          appearance="primary"
          className={styles.button}
          disabledFocusable={offering.isLoading}
          onClick={() => void onConfirm()}
        >
          {t('ownership.confirm')}
        </Button>
        <Button
          className={styles.button}
          onClick={() => {
            onAsking(false);
            // Back to the button that asked, once it is shown again.
            setTimeout(() => buttonRef.current?.focus());
          }}
        >
          {t('ownership.keep')}
        </Button>
      </div>
      {failure ? <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError> : null}
    </div>
  );
}
