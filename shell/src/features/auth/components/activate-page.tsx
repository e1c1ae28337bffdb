import { useNavigate, useParams, useTranslation, type AppDispatch } from '@aba/web-kit';
import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { activationApi } from '../api/activation-api.js';
import { IdentityMessages } from '../utils/account-forms.js';
import { useOneTimeLink } from '../utils/one-time-link.js';
import { AuthPage } from './auth-page.js';

const activate = (dispatch: AppDispatch, token: string) =>
  dispatch(activationApi.endpoints.activateUser.initiate({ token }));

/** /token/activate-user/:token: activates on open, then /login with the outcome in a banner (spec §4). */
export function ActivatePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const outcome = useOneTimeLink('activate-user', token, activate, IdentityMessages.activated);

  useEffect(() => {
    if (outcome) navigate('/login', { replace: true, state: outcome });
  }, [navigate, outcome]);

  return (
    <AuthPage title={t('activate.title')}>
      <Spinner size="small" label={t('activate.working')} labelPosition="after" />
    </AuthPage>
  );
}
