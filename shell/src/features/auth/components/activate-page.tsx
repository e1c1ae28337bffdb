import {
  type AppDispatch,
  errorMessageOf,
  type LoginPageState,
  useAppDispatch,
  useNavigate,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { Spinner } from '@fluentui/react-components';
import { useEffect } from 'react';
import { activationApi } from '../api/activation-api.js';
import { IdentityMessages, successMessage } from '../utils/account-forms.js';
import { AuthPage } from './auth-page.js';
import { createRunOnce } from '../utils/run-once.js';

/** One activation call per token and page, whatever React does with effects (StrictMode runs them twice). */
const runOnce = createRunOnce<LoginPageState>();

function activate(dispatch: AppDispatch, token: string): Promise<LoginPageState> {
  return runOnce(token, async () => {
    const request = dispatch(activationApi.endpoints.activateUser.initiate({ token }));
    try {
      const answer = await request.unwrap();
      return { message: successMessage(answer, IdentityMessages.activated) };
    } catch (failure) {
      return { error: errorMessageOf(failure) ?? IdentityMessages.invalidToken };
    } finally {
      request.reset(); // nothing on screen reads the mutation's cache entry
    }
  });
}

/** /token/activate-user/:token: activates on open, then /login with the outcome in a banner (spec §4). */
export function ActivatePage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    const outcome: Promise<LoginPageState> =
      token === '' ? Promise.resolve({ error: IdentityMessages.invalidToken }) : activate(dispatch, token);
    void outcome.then((state) => {
      if (current) navigate('/login', { replace: true, state });
    });
    return () => {
      current = false;
    };
  }, [dispatch, navigate, token]);

  return (
    <AuthPage title={t('activate.title')}>
      <Spinner size="small" label={t('activate.working')} labelPosition="after" />
    </AuthPage>
  );
}
