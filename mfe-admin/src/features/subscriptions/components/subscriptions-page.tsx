import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

/** /admin/subscriptions: the table and the "Create subscription" card come in a later issue. */
export function SubscriptionsPage() {
  const { t } = useTranslation('admin');
  return (
    <section>
      <PageHeading>{t('subscriptions.title')}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
