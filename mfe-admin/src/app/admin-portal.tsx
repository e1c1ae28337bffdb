import {
  Navigate,
  NavLink,
  ProtectedRoute,
  Route,
  Routes,
  useLogoutMutation,
  useNavigate,
  useSession,
  useTranslation,
} from '@aba/web-kit';
import { Button, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useEffect } from 'react';
import AdminRoutes from '../routes.js';
import { PortalLogin } from './portal-login.js';

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { ...typographyStyles.subtitle1, color: tokens.colorBrandForeground1 },
  nav: { display: 'flex', gap: tokens.spacingHorizontalL },
  link: {
    color: tokens.colorNeutralForeground1,
    '&[aria-current="page"]': { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  },
  main: { padding: tokens.spacingHorizontalXL },
});

function LogoutButton() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const navigate = useNavigate();
  const [logout, { isLoading }] = useLogoutMutation();
  if (session.status !== 'logged-in') return null;
  return (
    <Button
      appearance="subtle"
      disabled={isLoading}
      onClick={async () => {
        await logout().catch(() => undefined);
        navigate('/login');
      }}
    >
      {t('portal.logout')}
    </Button>
  );
}

/** The standalone admin portal (mfe-admin's own index.html): the admin routes with a minimal frame. */
export function AdminPortal() {
  const { t } = useTranslation('admin');
  const styles = useStyles();
  useEffect(() => {
    document.title = t('portal.title');
  }, [t]);
  return (
    <div className={styles.root}>
      <header className={styles.header}>
        <span className={styles.title}>{t('portal.title')}</span>
        <nav aria-label={t('portal.nav')} className={styles.nav}>
          <NavLink className={styles.link} to="/admin/subscriptions">
            {t('subscriptions.title')}
          </NavLink>
          <NavLink className={styles.link} to="/admin/users">
            {t('users.title')}
          </NavLink>
        </nav>
        <LogoutButton />
      </header>
      <main className={styles.main}>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <ProtectedRoute role="ADMIN">
                <AdminRoutes />
              </ProtectedRoute>
            }
          />
          <Route path="/login" element={<PortalLogin />} />
          <Route path="*" element={<Navigate to="/admin/subscriptions" replace />} />
        </Routes>
      </main>
    </div>
  );
}
