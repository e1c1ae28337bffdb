import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

/** /child/:id/dashboard: the evaluations chart comes in a later issue. */
export function DashboardPage() {
  const { t } = useTranslation('plans');
  return (
    <section>
      <PageHeading>{t('dashboard.title')}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
