import { refinesPageTitle, usePageTitle, useLocation } from '@aba/web-kit';
import { makeStyles } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { visuallyHidden } from './visually-hidden.js';

/** How long the new page's title must stay put before it is read (a page loading in steps names itself in steps). */
const SETTLE_MS = 1_500;

const useStyles = makeStyles({ region: visuallyHidden });

/**
 * Says, in a polite live region, which page a navigation opened (its title: "Plans · Andrei Popescu · ABA Tracker"),
 * as a browser does on a full page load; a single-page app otherwise changes the page in silence for a screen reader.
 * Nothing is read for the first page, for a change of language, or before a heading names the new page. A page whose
 * own heading comes after it was read (a child page's remote loading slowly after the child's name) is read again with
 * it.
 */
export function RouteAnnouncer() {
  const styles = useStyles();
  const { pathname } = useLocation();
  const { title, named } = usePageTitle();
  const [message, setMessage] = useState('');
  const announced = useRef({ path: pathname, title: '' });

  useEffect(() => {
    const samePage = announced.current.path === pathname;
    if ((samePage && !refinesPageTitle(title, announced.current.title)) || !named) return;
    const timer = setTimeout(() => {
      announced.current = { path: pathname, title };
      // The same title as the last one is still a new page: empty the region first so it is read again.
      setMessage('');
      requestAnimationFrame(() => setMessage(title));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [pathname, title, named]);

  return (
    <div className={styles.region} aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
