import {
  CurrentChildProvider,
  Loading,
  PageHeading,
  PageHeadingLevel,
  useChildChanges,
  useChildQuery,
  useLicenceRedirect,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { HomeRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { fullName } from '../utils/child-view.js';
import { ConsentNotice } from './consent-notice.js';
import { OwnershipNotice } from './ownership-notice.js';
import { SessionBar } from './session-bar.js';

const useStyles = makeStyles({
  name: { marginBottom: tokens.spacingVerticalS, overflowWrap: 'anywhere', minWidth: 0 },
});

/**
 * The frame of every /child/{id}/… page (spec §2 "Child section"). It reads GET /api/child/{id}:
 * - while loading: Loading;
 * - 402 'Child subscription not found' → /billing with 'This child has no active licenses. Please add a license!';
 * - any other failure (404 'Child does not exist', 403 "You don't have access to this child", …): a red alert
 *   with the translated text and a 'Back to Home Page' button to /;
 * - loaded (and read again on the team's changes to it): the child's full name as the page's `<h1>`, the consent
 *   notice, the hand-over offered to the signed-in coordinator (issue 17), the session bar (issue 15), then the page
 *   itself, whose own title becomes an `<h2>`;
 *   the child is available to it (and to the remotes) through `useCurrentChild()`. Deleting the child is not offered
 *   here, one tap from every child page, but from the children list (issue 13, point 4; ADR 0021).
 */
export function ChildFrame({ childId, children }: { childId: string; children: ReactNode }) {
  const styles = useStyles();
  const {
    currentData: child,
    error,
    isError,
    refetch,
  } = useChildQuery(childId, {
    refetchOnMountOrArgChange: true,
  });
  // The record follows what the team changes of the child itself (its name, the captures waiting in To check, …).
  useChildChanges(childId, (change) => {
    if (change.kind === 'child' || change.kind === 'reconnected') void refetch();
  });
  const redirecting = useLicenceRedirect(isError ? error : null);

  if (redirecting) return <Loading />;
  if (isError) return <ChildErrorView error={error} />;
  if (!child) return <Loading />;
  return (
    <CurrentChildProvider child={child}>
      <PageHeading className={styles.name}>{fullName(child)}</PageHeading>
      <ConsentNotice child={child} />
      <OwnershipNotice child={child} />
      <SessionBar child={child} />
      <PageHeadingLevel level={2}>{children}</PageHeadingLevel>
    </CurrentChildProvider>
  );
}

/** Spec §2: "a danger alert with the error text and a button 'Back to Home Page' going to /". */
function ChildErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const translateError = useServerErrorTranslator();
  const navigate = useNavigate();
  return (
    <section>
      <PageHeading>{t('childFrame.errorTitle')}</PageHeading>
      <ErrorBanner>{translateError(error)}</ErrorBanner>
      <Button appearance="primary" icon={<HomeRegular />} onClick={() => navigate('/')}>
        {t('childFrame.backHome')}
      </Button>
    </section>
  );
}
