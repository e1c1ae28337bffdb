import { Link, Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { isOpenableUrl } from '../hooks/licences.js';

const useStyles = makeStyles({
  link: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  usable: { cursor: 'pointer' },
});

export interface ProviderLinkProps {
  children: string;
  /** Asks the server for the payment provider's page (`{ url }`). */
  fetchUrl: () => Promise<{ url: string }>;
  onError: (error: unknown) => void;
  /**
   * The server said this link leads nowhere (`online_payment`): shown greyed, `aria-disabled`, out of the tab order
   * and inert, described by the line that says why.
   */
  unavailable?: boolean;
  /** Id of the element explaining why the link is unavailable. */
  describedBy?: string;
}

/**
 * A link to a page of the payment provider whose address is only known once asked for (the provider's links
 * are short-lived): on activation it fetches the address, then opens it in this tab (a new window opened after
 * an asynchronous call would be blocked as a pop-up). Disabled (but focusable) while the address is read.
 */
export function ProviderLink({
  children,
  fetchUrl,
  onError,
  unavailable = false,
  describedBy,
}: ProviderLinkProps) {
  const styles = useStyles();
  const [busy, setBusy] = useState(false);

  // Coming back with the browser's Back button may restore this page from the back/forward cache.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const open = async () => {
    if (busy || unavailable) return;
    setBusy(true);
    try {
      const { url } = await fetchUrl();
      if (!isOpenableUrl(url)) throw new Error('unusable payment link');
      window.location.assign(url);
    } catch (error) {
      setBusy(false);
      // An unusable answer is reported as "something went wrong", not with its internal text.
      onError(error instanceof Error && error.message === 'unusable payment link' ? undefined : error);
    }
  };

  return (
    <Link
      as="a"
      role="link"
      className={mergeClasses(styles.link, !unavailable && styles.usable)}
      disabled={unavailable}
      disabledFocusable={busy && !unavailable}
      aria-describedby={unavailable ? describedBy : undefined}
      aria-busy={busy || undefined}
      onClick={() => void open()}
      onKeyDown={(event: KeyboardEvent<HTMLAnchorElement>) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void open();
        }
      }}
    >
      {children}
      {busy ? <Spinner size="extra-tiny" aria-hidden /> : null}
    </Link>
  );
}
