import { ConsentMessages, type ChildDetail } from '@aba/contracts/api';
import { Link, useLocation, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { CHILD_DELETE_PATH, MY_DATA_PATH } from '../../../lib/account-links.js';
import { consentNotice } from '../utils/consent-view.js';

const useStyles = makeStyles({
  bar: { marginBottom: tokens.spacingVerticalM },
  text: { margin: 0, overflowWrap: 'anywhere' },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  // Tap targets of at least 44 px (WCAG 2.5.5).
  link: { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
});

/**
 * On every page of a child (issue 17, ADR 0046): once its consent was withdrawn, that its data can be read and not
 * added to or changed (captures and changes are refused with the same words), and to its owner what they can do then
 * (`AfterWithdrawalLinks`); to its owner, while no consent was ever given, that it is asked for, and while the consent
 * in force was given to an older text, that the text changed (`consentNotice`), each with the way to the consent page
 * (but on that page, which offers all of it). Nothing while consent to the current text is in force.
 */
export function ConsentNotice({ child }: { child: ChildDetail }) {
  const { t } = useTranslation('common');
  const translate = useServerErrorTranslator();
  const styles = useStyles();
  const { pathname } = useLocation();
  const notice = consentNotice(child);
  if (notice === null) return null;
  const consentPage = `/child/${encodeURIComponent(child.id)}/consent`;
  // On the consent page itself the notice links nowhere: the page offers all of it.
  const here = pathname === consentPage;
  const open = here ? null : (
    <Link to={consentPage} className={styles.link}>
      {t('consent.open')}
    </Link>
  );
  if (notice === 'withdrawn') {
    return (
      <MessageBar intent="warning" layout="multiline" className={styles.bar}>
        <MessageBarBody>
          <p className={styles.text}>{translate(ConsentMessages.withdrawn)}</p>
          {child.relation === 'OWNER' && !here ? <AfterWithdrawalLinks first={open} /> : open}
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent={notice === 'changed' ? 'warning' : 'info'} layout="multiline" className={styles.bar}>
      <MessageBarBody>
        {t(notice === 'changed' ? 'consent.changed' : 'consent.asked')} {open}
      </MessageBarBody>
    </MessageBar>
  );
}

/**
 * What the owner can do once consent is withdrawn (issue 17): download their data ("Datele mele" on /account, which
 * holds the child's) and delete the child (its card's menu on the children list), after `first` if given.
 */
export function AfterWithdrawalLinks({ first }: { first?: ReactNode }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <ul className={styles.links}>
      {first ? <li>{first}</li> : null}
      <li>
        <Link to={MY_DATA_PATH} className={styles.link}>
          {t('consent.download')}
        </Link>
      </li>
      <li>
        <Link to={CHILD_DELETE_PATH} className={styles.link}>
          {t('consent.deleteChild')}
        </Link>
      </li>
    </ul>
  );
}
