import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

/** /admin/users: the paged users table comes in a later issue. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  return (
    <section>
      <PageHeading>{t('users.title')}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
