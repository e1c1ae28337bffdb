import { IdentityMessages } from '@aba/contracts/api';
import {
  Link,
  useParams,
  useServerErrorTranslator,
  useSession,
  useTranslation,
  type AppDispatch,
} from '@aba/web-kit';
import { ErrorBanner, SuccessBanner } from '@aba/web-kit/forms';
import { Spinner } from '@fluentui/react-components';
import { emailConfirmationApi } from '../api/email-confirmation-api.js';
import { useOneTimeLink } from '../utils/one-time-link.js';
import { AuthPage, useAuthStyles } from './auth-page.js';

const confirm = (dispatch: AppDispatch, token: string) =>
  dispatch(emailConfirmationApi.endpoints.confirmEmail.initiate({ token }));

/**
 * /token/confirm-email/:token (issue 17): the link sent to a new address. Opened, it confirms the address at once and
 * says what came of it (changed; or the link is unknown, used or expired; or the address was taken meanwhile), with
 * the way on: the account page for a logged-in user, the login otherwise.
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const session = useSession();
  const styles = useAuthStyles();
  const outcome = useOneTimeLink('confirm-email', token, confirm, IdentityMessages.emailChanged);

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
