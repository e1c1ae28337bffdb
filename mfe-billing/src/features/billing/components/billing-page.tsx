import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

/** /billing: the subscription card and the children's licences come in a later issue. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  return (
    <section>
      <PageHeading>{t('title')}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
