import {
  Loading,
  Navigate,
  PageHeading,
  readLoginPageState,
  useGetSessionQuery,
  useLocation,
  useNavigate,
  useTranslation,
} from '@aba/web-kit';
import { LoginForm } from '@aba/web-kit/forms';

/** Where the portal goes after login when no page was requested. */
const PORTAL_HOME = '/admin/users';

/** The standalone portal's /login: web-kit's login form; then back to the requested admin page. */
export function PortalLogin() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user, isLoading, isUninitialized } = useGetSessionQuery();
  const { from } = readLoginPageState(location.state);
  const target = from?.startsWith('/admin') ? from : PORTAL_HOME;

  if (isLoading || isUninitialized) return <Loading />;
  if (user) return <Navigate to={target} replace />;
  return (
    <section>
      <PageHeading>{t('portal.login')}</PageHeading>
      <p>{t('portal.loginIntro')}</p>
      <LoginForm onLoggedIn={() => navigate(target, { replace: true })} />
    </section>
  );
}
