import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from './page-heading.js';

const useStyles = makeStyles({
  link: { color: tokens.colorBrandForegroundLink },
});

/** The translated "page not found" page: unknown routes in the shell and inside remotes. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <section>
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.text')}</p>
      <Link className={styles.link} to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
