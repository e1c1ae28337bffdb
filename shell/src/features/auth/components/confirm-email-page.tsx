import { IdentityMessages } from '@aba/contracts/api';
import {
  errorMessageOf,
  Link,
  useAppDispatch,
  useParams,
  useServerErrorTranslator,
  useSession,
  useTranslation,
  type AppDispatch,
} from '@aba/web-kit';
import { ErrorBanner, SuccessBanner } from '@aba/web-kit/forms';
import { Spinner } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { emailConfirmationApi } from '../api/email-confirmation-api.js';
import { createRunOnce } from '../utils/run-once.js';
import { AuthPage, useAuthStyles } from './auth-page.js';

type Outcome = { message: string } | { error: string };

/** One confirmation call per token and page, whatever React does with effects (StrictMode runs them twice). */
const runOnce = createRunOnce<Outcome>();

function confirm(dispatch: AppDispatch, token: string): Promise<Outcome> {
  return runOnce(token, async () => {
    const request = dispatch(emailConfirmationApi.endpoints.confirmEmail.initiate({ token }));
    try {
      return { message: (await request.unwrap()).message };
    } catch (failure) {
      return { error: errorMessageOf(failure) ?? IdentityMessages.invalidToken };
    } finally {
      request.reset(); // nothing on screen reads the mutation's cache entry
    }
  });
}

/**
 * /token/confirm-email/:token (issue 17): the link sent to a new address. Opened, it confirms the address at once and
 * says what came of it (changed; or the link is unknown, used or expired; or the address was taken meanwhile), with
 * the way on: the account page for a logged-in user, the login otherwise.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const dispatch = useAppDispatch();
  const session = useSession();
  const styles = useAuthStyles();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let current = true;
    const confirmed =
      token === '' ? Promise.resolve({ error: IdentityMessages.invalidToken }) : confirm(dispatch, token);
    void confirmed.then((result) => {
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [dispatch, token]);

  const loggedIn = session.status === 'logged-in';
  return (
    <AuthPage title={t('confirmEmail.title')}>
      {outcome === null ? (
        <Spinner size="small" label={t('confirmEmail.working')} labelPosition="after" />
      ) : (
        <>
          {'message' in outcome ? (
            <SuccessBanner>{translateError(outcome.message)}</SuccessBanner>
          ) : (
            <ErrorBanner>{translateError(outcome.error)}</ErrorBanner>
          )}
          <p className={styles.aside}>
            <Link className={styles.link} to={loggedIn ? '/account' : '/login'}>
              {t(loggedIn ? 'confirmEmail.toAccount' : 'confirmEmail.toLogin')}
            </Link>
          </p>
        </>
      )}
    </AuthPage>
  );
}
