import {
  useChildQuery,
  useLocation,
  useLogoutMutation,
  useNavigate,
  useSession,
  useTranslation,
} from '@aba/web-kit';
import { flushNow, useOutboxStatus } from '@aba/web-kit/outbox';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useId, useState } from 'react';
import {
  childIdFromPath,
  childNavItems,
  isChildNavItemActive,
  isPathActive,
} from '../../lib/child-routes.js';
import { NavItem, useNavStyles } from './nav-link.js';

// The question and its dialog load only when asked: the dialog components are not on every page's first load.
const LogoutQuestion = lazy(() =>
  import('./logout-question.js').then((m) => ({ default: m.LogoutQuestion })),
);

const useStyles = makeStyles({
  logout: {
    width: '100%',
    justifyContent: 'flex-start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontWeight: tokens.fontWeightRegular,
    fontSize: tokens.fontSizeBase300,
  },
  childNav: {
    marginTop: tokens.spacingVerticalL,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

/**
 * Spec §2: logged out → Login, Register; logged in → a user menu headed by the first name (Children
 * list, Add child, Billing, My account, Logout); ADMIN → an Admin menu (Subscriptions, Users); on a child's pages →
 * the child sidebar with the current item marked. Logging out while this phone holds unsent captures asks first: they
 * stay for the user's next login, or the user stays and they are sent. `onNavigate` hears a tap on any of its links.
 */
export function SideNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const nav = useNavStyles();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();
  const userHeadingId = useId();
  const adminHeadingId = useId();
  const childHeadingId = useId();
  const childId = childIdFromPath(pathname);
  // The child frame reads the child too: one cache entry, no second request.
  const openChild = useChildQuery(childId ?? '', { skip: childId === null }).data;
  const waitingCaptures = openChild?.waiting_captures ?? 0;

  const item = (to: string, label: string) => (
    <NavItem key={to} to={to} active={isPathActive(to, pathname)} onNavigate={onNavigate}>
      {label}
    </NavItem>
  );

  const onLogout = async () => {
    await logout().catch(() => undefined);
    navigate('/login');
  };
  // Captures this phone has not sent stay on it for the user's next login: logging out says so first.
  const { records: unsent } = useOutboxStatus(session.status === 'logged-in' ? session.user.id : undefined);
  const [askingLogout, setAskingLogout] = useState(false);
  const onLogoutClick = () => (unsent.length > 0 ? setAskingLogout(true) : void onLogout());

  return (
    <>
      <nav aria-label={t('nav.main')}>
        {session.status === 'logged-out' && (
          <ul className={nav.list}>
            {item('/login', t('nav.login'))}
            {item('/register', t('nav.register'))}
          </ul>
        )}
        {session.status === 'logged-in' && (
          <>
            <section aria-labelledby={userHeadingId}>
              <h2 id={userHeadingId} className={nav.groupHeading}>
                {session.user.first_name}
              </h2>
              <ul className={nav.list}>
                {item('/child/list', t('nav.childList'))}
                {item('/child/create', t('nav.childCreate'))}
                {item('/billing', t('nav.billing'))}
                {item('/account', t('nav.account'))}
                <li>
                  <Button
                    appearance="subtle"
                    className={styles.logout}
                    disabled={loggingOut}
                    onClick={onLogoutClick}
                  >
                    {t('nav.logout')}
                  </Button>
                </li>
              </ul>
            </section>
            {session.user.role === 'ADMIN' && (
              <section aria-labelledby={adminHeadingId}>
                <h2 id={adminHeadingId} className={nav.groupHeading}>
                  {t('nav.admin')}
                </h2>
                <ul className={nav.list}>
                  {item('/admin/subscriptions', t('nav.subscriptions'))}
                  {item('/admin/users', t('nav.users'))}
                </ul>
              </section>
            )}
          </>
        )}
      </nav>
      {childId !== null && (
        <nav aria-labelledby={childHeadingId} className={styles.childNav}>
          <h2 id={childHeadingId} className={nav.groupHeading}>
            {t('childNav.label')}
          </h2>
          <ul className={nav.list}>
            {childNavItems(childId, openChild?.relation).map((entry) => (
              <NavItem
                key={entry.key}
                to={entry.to}
                active={isChildNavItemActive(entry, pathname)}
                onNavigate={onNavigate}
              >
                {entry.key === 'needsAttention' && waitingCaptures > 0
                  ? t('childNav.needsAttentionWaiting', { count: waitingCaptures })
                  : t(`childNav.${entry.key}`)}
              </NavItem>
            ))}
          </ul>
        </nav>
      )}
      {askingLogout ? (
        <Suspense fallback={null}>
          <LogoutQuestion
            unsent={unsent.length}
            onLeave={() => {
              setAskingLogout(false);
              void onLogout();
            }}
            onStay={() => {
              setAskingLogout(false);
              flushNow();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
