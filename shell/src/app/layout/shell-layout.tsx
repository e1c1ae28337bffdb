import {
  Link,
  Loading,
  Outlet,
  useAppDispatch,
  useLocation,
  useOfflineCopyTime,
  useSession,
  useTranslation,
} from '@aba/web-kit';
import { askPersistentStorage, listenForFullStorage, startOutboxSync } from '@aba/web-kit/outbox';
import { Button, makeStyles, mergeClasses, tokens, typographyStyles } from '@fluentui/react-components';
import { NavigationRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { LanguageSwitch } from './language-switch.js';
import { OutboxBadge } from './outbox-badge.js';

// Loaded only when the storage is full: the message bar is not on every page's first load.
const OfflineCopyNotice = lazy(() =>
  import('./offline-copy-notice.js').then((m) => ({ default: m.OfflineCopyNotice })),
);
const NewVersionPrompt = lazy(() =>
  import('./new-version-prompt.js').then((m) => ({ default: m.NewVersionPrompt })),
);
const FullStorageNotice = lazy(() =>
  import('./full-storage-notice.js').then((m) => ({ default: m.FullStorageNotice })),
);
import { RouteAnnouncer } from './route-announcer.js';
import { SideNav } from './side-nav.js';
import {
  tellServiceWorkerTheUser,
  useCopiesStopped,
  useNewVersionWaiting,
} from '../service-worker/registration.js';
import { keepTeamChildCopies } from '../service-worker/team-child-copies.js';

/** How long after login the phone waits before reading the team's children for offline (the first page reads first). */
const TEAM_COPIES_AFTER_MS = 3_000;

/** Spec §2 / §9: the side navigation collapses below 768 px. */
const PHONE = '@media (max-width: 767.98px)';
const DESKTOP = '@media (min-width: 768px)';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'grid',
    gridTemplateRows: 'auto 1fr auto',
    // Never wider than the viewport: content that is wider scrolls inside itself (e.g. tables).
    gridTemplateColumns: 'minmax(0, 1fr)',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  skipLink: {
    position: 'absolute',
    left: '-10000px',
    top: 'auto',
    ':focus': {
      left: tokens.spacingHorizontalM,
      top: tokens.spacingVerticalM,
      zIndex: 10,
      padding: tokens.spacingHorizontalS,
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    [PHONE]: {
      gap: tokens.spacingHorizontalS,
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    },
  },
  menuButton: { minWidth: 'auto', flexShrink: 0, [DESKTOP]: { display: 'none' } },
  logo: {
    ...typographyStyles.subtitle1,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  logoMark: {
    display: 'inline-block',
    marginRight: tokens.spacingHorizontalS,
    width: '0.75em',
    height: '0.75em',
    borderRadius: '50%',
    backgroundColor: tokens.colorBrandBackground,
  },
  headerEnd: {
    marginLeft: 'auto',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  body: {
    display: 'grid',
    gridTemplateColumns: '240px minmax(0, 1fr)',
    [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  sidebar: {
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    [PHONE]: {
      display: 'none',
      borderRight: 'none',
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
  sidebarOpen: { [PHONE]: { display: 'block' } },
  main: {
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    ':focus': { outline: 'none' },
    [PHONE]: { padding: tokens.spacingHorizontalL },
  },
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  footerLink: { color: tokens.colorBrandForegroundLink },
});

/**
 * Header (menu button on phones, logo, language switch), side navigation, main area and footer. The logo leads a
 * logged-in user to their children (issue 13, point 13), anyone else to the landing page. Each page's `<title>` comes
 * from its heading (web-kit's `PageHeading`); the route announcer reads it after a navigation.
 */
export function ShellLayout() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const { pathname } = useLocation();
  const session = useSession();
  const [navOpen, setNavOpen] = useState(false);

  // On a phone the opened navigation closes as a link in it is tapped (the next page may still be loading), and
  // whenever the user has gone somewhere else.
  const closeNav = useCallback(() => setNavOpen(false), []);
  useEffect(closeNav, [pathname, closeNav]);

  // Captures this device kept while it could not send them go out once their user is logged in (ADR 0038).
  const userId = session.status === 'logged-in' ? session.user?.id : undefined;
  useEffect(() => (userId ? startOutboxSync(userId) : undefined), [userId]);
  // At login the browser is asked to keep them through storage pressure (the outbox page says what it answered).
  useEffect(() => {
    if (userId) void askPersistentStorage().catch(() => undefined);
  }, [userId]);
  // The service worker keeps a copy of the child pages for this user only (ADR 0039).
  const knownUser = session.status === 'loading' ? undefined : (userId ?? null);
  useEffect(() => {
    if (knownUser !== undefined) tellServiceWorkerTheUser(knownUser);
  }, [knownUser]);
  // … and of the pages of every child on the user's team, opened on this phone or not, once the first page has read.
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!userId) return;
    const keep = () => void keepTeamChildCopies(dispatch, userId).catch(() => undefined);
    const timer = setTimeout(keep, TEAM_COPIES_AFTER_MS);
    window.addEventListener('online', keep);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', keep);
    };
  }, [dispatch, userId]);
  const offlineCopyAt = useOfflineCopyTime();
  const [copiesStopped, dismissCopiesStopped] = useCopiesStopped();
  const [storageFull, setStorageFull] = useState(false);
  const newVersionWaiting = useNewVersionWaiting();
  useEffect(() => listenForFullStorage(() => setStorageFull(true)), []);

  return (
    <div className={styles.root}>
      <a href="#main" className={styles.skipLink}>
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <Button
          className={styles.menuButton}
          appearance="subtle"
          icon={<NavigationRegular />}
          aria-expanded={navOpen}
          aria-controls="side-navigation"
          onClick={() => setNavOpen((open) => !open)}
        >
          {t('header.menu')}
        </Button>
        <Link to={session.status === 'logged-in' ? '/child/list' : '/'} className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true" />
          {t('app.name')}
        </Link>
        <div className={styles.headerEnd}>
          {userId ? <OutboxBadge userId={userId} /> : null}
          <LanguageSwitch />
        </div>
      </header>
      <div className={styles.body}>
        <aside id="side-navigation" className={mergeClasses(styles.sidebar, navOpen && styles.sidebarOpen)}>
          <SideNav onNavigate={closeNav} />
        </aside>
        <main id="main" tabIndex={-1} className={styles.main}>
          {offlineCopyAt !== null ? (
            <Suspense fallback={null}>
              <OfflineCopyNotice copyAt={offlineCopyAt} />
            </Suspense>
          ) : null}
          {newVersionWaiting ? (
            <Suspense fallback={null}>
              <NewVersionPrompt />
            </Suspense>
          ) : null}
          {storageFull ? (
            <Suspense fallback={null}>
              <FullStorageNotice onDismiss={() => setStorageFull(false)} />
            </Suspense>
          ) : null}
          {copiesStopped ? (
            <Suspense fallback={null}>
              <FullStorageNotice copies onDismiss={dismissCopiesStopped} />
            </Suspense>
          ) : null}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <RouteAnnouncer />
      <footer className={styles.footer} aria-label={t('footer.label')}>
        <Link to="/terms" className={styles.footerLink}>
          {t('footer.terms')}
        </Link>
        <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
      </footer>
    </div>
  );
}
