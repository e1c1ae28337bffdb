import type { ChildDetail } from '@aba/contracts/api';
import { useLocation, useServerErrorTranslator, useSession, useTranslation } from '@aba/web-kit';
import { ActionError, SuccessBanner } from '@aba/web-kit/forms';
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useAcceptOwnershipMutation, useDeclineOwnershipMutation } from '../api/ownership-api.js';
import { isOfferedTo } from '../utils/ownership-view.js';

const useStyles = makeStyles({
  bar: { marginBottom: tokens.spacingVerticalM },
  text: { margin: 0, overflowWrap: 'anywhere' },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginTop: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalS,
  },
  // Tap targets of at least 44 × 44 px (WCAG 2.5.5).
  button: { minHeight: '44px', minWidth: '44px' },
  done: { borderRadius: tokens.borderRadiusMedium, ':focus': { outline: 'none' } },
});

/** What the last answer said, on the page where it was given (another page of the child does not repeat it). */
interface Outcome {
  pathname: string;
  count: number;
}

/**
 * On every page of a child (issue 17, ADR 0050), for the coordinator its owner offers it to: that the child is handed
 * over to them (by whom) and that they would own it and answer for its
 * data, with Accept and Decline. The answer is said in a status message that takes the focus (the child is read
 * again: accepted, the signed-in user is its owner; either way the notice goes); a refusal is said translated beside
 * the buttons. Nothing for anyone else.
 */
export function OwnershipNotice({ child }: { child: ChildDetail }) {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const { pathname } = useLocation();
  const offered = isOfferedTo(child, useSession().user?.id);
  const owner = child.ownership_offer?.from_name?.trim() || null;
  const [accept, accepting] = useAcceptOwnershipMutation();
  const [decline, declining] = useDeclineOwnershipMutation();
  const [done, setDone] = useState<(Outcome & { message: string }) | null>(null);
  const [failure, setFailure] = useState<(Outcome & { error: unknown }) | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const busy = accepting.isLoading || declining.isLoading;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const act = async (
    write: (args: { childId: string }) => { unwrap: () => Promise<{ message: string }> },
  ) => {
    if (busy) return;
    try {
      const { message } = await write({ childId: child.id }).unwrap();
      setFailure(null);
      setDone((previous) => ({ message, pathname, count: (previous?.count ?? 0) + 1 }));
    } catch (error) {
      setDone(null);
      setFailure((previous) => ({ error, pathname, count: (previous?.count ?? 0) + 1 }));
    }
  };

  return (
    <>
      {done?.pathname === pathname ? (
        <div ref={doneRef} tabIndex={-1} className={styles.done}>
          <SuccessBanner>{translate(done.message)}</SuccessBanner>
        </div>
      ) : null}
      {offered ? (
        <MessageBar intent="info" layout="multiline" className={styles.bar}>
          <MessageBarBody>
            <p className={styles.text}>
              {owner ? t('ownership.offeredToYouBy', { owner }) : t('ownership.offeredToYou')}
            </p>
            <div className={styles.actions}>
              <Button
                appearance="primary"
                className={styles.button}
                disabledFocusable={busy}
                onClick={() => void act(accept)}
              >
                {t('ownership.accept')}
              </Button>
              <Button className={styles.button} disabledFocusable={busy} onClick={() => void act(decline)}>
                {t('ownership.decline')}
              </Button>
            </div>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {failure?.pathname === pathname ? (
        <ActionError focusKey={failure.count}>{translate(failure.error)}</ActionError>
      ) : null}
    </>
  );
}
