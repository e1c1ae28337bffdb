import {
  Loading,
  PageHeading,
  useLocation,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, SuccessBanner } from '@aba/web-kit/forms';
import type { Child } from '@aba/contracts/api';
import { Badge, Button, Card, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useId } from 'react';
import { useChildListQuery } from './api/children-api.js';
import { childHomePath, formatDate, fullName, navigationMessage, relationKey } from './child-view.js';

const useStyles = makeStyles({
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  },
  card: { height: '100%', boxSizing: 'border-box' },
  name: { ...typographyStyles.subtitle1, margin: 0, overflowWrap: 'anywhere' },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
    alignItems: 'center',
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0 },
  footer: { marginTop: 'auto', display: 'flex', justifyContent: 'flex-end' },
  empty: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalM },
  emptyText: { margin: 0 },
});

/**
 * /child/list (spec §2): a card per child with the full name, the date of birth (en-GB), the user's
 * relation to the child and a View button to /child/{id}/dashboard; Loading while the list loads; an
 * invitation to add a child when there is none; a red banner with Retry when the list cannot be read.
 * A message passed in navigation state (e.g. 'The child was deleted') shows in a green banner.
 */
export function ChildListPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const translate = useServerErrorTranslator();
  const navigate = useNavigate();
  const message = navigationMessage(useLocation().state);
  const { data: children, isError, error, isFetching, refetch } = useChildListQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  let content;
  if (isError) {
    content = (
      <ErrorBanner
        action={
          <Button onClick={() => void refetch()} disabledFocusable={isFetching}>
            {t('actions.retry')}
          </Button>
        }
      >
        {translate(error)}
      </ErrorBanner>
    );
  } else if (!children) {
    content = <Loading />;
  } else if (children.length === 0) {
    content = (
      <div className={styles.empty}>
        <p className={styles.emptyText}>{t('childList.empty')}</p>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/child/create')}>
          {t('childList.add')}
        </Button>
      </div>
    );
  } else {
    content = (
      <ul className={styles.grid} aria-label={t('childList.title')}>
        {children.map((child) => (
          <li key={child.id}>
            <ChildCard child={child} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section>
      <PageHeading>{t('childList.title')}</PageHeading>
      {message ? <SuccessBanner>{translate(message)}</SuccessBanner> : null}
      {content}
    </section>
  );
}

function ChildCard({ child }: { child: Child }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const navigate = useNavigate();
  const headingId = useId();
  const name = fullName(child);
  return (
    <Card className={styles.card} aria-labelledby={headingId} role="group">
      <h2 id={headingId} className={styles.name}>
        {name}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>{t('childList.dateOfBirth')}</dt>
        <dd className={styles.detail}>{formatDate(child.date_of_birth)}</dd>
        <dt className={styles.term}>{t('childList.relation')}</dt>
        <dd className={styles.detail}>
          <Badge appearance="tint" color={child.relation === 'OWNER' ? 'brand' : 'informative'}>
            {t(relationKey(child.relation))}
          </Badge>
        </dd>
      </dl>
      <div className={styles.footer}>
        <Button
          appearance="primary"
          aria-label={t('childList.viewNamed', { name })}
          onClick={() => navigate(childHomePath(child.id))}
        >
          {t('actions.view')}
        </Button>
      </div>
    </Card>
  );
}
