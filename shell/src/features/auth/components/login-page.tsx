import {
  Link,
  readLoginPageState,
  useLocation,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { loginPageNotice } from '../../../lib/account-links.js';
import { postLoginPath } from '../utils/post-login.js';
import { ErrorBanner, LoginForm, SuccessBanner } from '@aba/web-kit/forms';
import { useState } from 'react';
import { AuthPage, useAuthStyles } from './auth-page.js';
import { GuestOnly } from './guest-only.js';

/**
 * /login (spec §2, §4). A green banner shows a success message passed in navigation state
 * (registration, activation, password reset), a red one an error passed the same way (invalid reset
 * link, failed activation); after the account was deleted, the address says so (`?account=deleted`,
 * `loginPageNotice`: the app is loaded afresh there, with no navigation state). Right after a registration the e-mail
 * is filled in and, when an activation link was mailed, a line under the banner says to open it first (issue 13,
 * point 13). After login: the requested location
 * (`state.from`, set by ProtectedRoute), else the first child's plan list, else the role's home (`postLoginPath`).
 */
export function LoginPage() {
  const { t } = useTranslation('common');
  const styles = useAuthStyles();
  const translateError = useServerErrorTranslator();
  const location = useLocation();
  const navigate = useNavigate();
  const navigationState = readLoginPageState(location.state);
  const message = navigationState.message ?? loginPageNotice(location.search);
  const [showNavigationBanners, setShowNavigationBanners] = useState(true);

  return (
    <GuestOnly>
      <AuthPage title={t('login.title')}>
        {showNavigationBanners && message ? (
          <SuccessBanner>
            {translateError(message)}
            {navigationState.activationSent ? (
              <span className={styles.bannerLine}>
                {t('firstUse.openActivationEmail', { email: navigationState.email ?? '' })}
              </span>
            ) : null}
          </SuccessBanner>
        ) : null}
        {showNavigationBanners && navigationState.error ? (
          <ErrorBanner>{translateError(navigationState.error)}</ErrorBanner>
        ) : null}
        <LoginForm
          initialEmail={navigationState.email}
          onSubmitStart={() => setShowNavigationBanners(false)}
          onLoggedIn={(response) =>
            navigate(
              postLoginPath({ from: navigationState.from, childId: response.child_id, role: response.role }),
              { replace: true },
            )
          }
          extraActions={
            <Link to="/reset-password" className={styles.link}>
              {t('login.forgot')}
            </Link>
          }
        />
        <p className={styles.aside}>
          {t('login.noAccount')}{' '}
          <Link to="/register" className={styles.link}>
            {t('login.registerLink')}
          </Link>
        </p>
      </AuthPage>
    </GuestOnly>
  );
}
