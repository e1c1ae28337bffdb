import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

/** A shell route whose real content comes in a later issue: its translated heading and a short note. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('common');
  return (
    <section>
      <PageHeading>{t(titleKey)}</PageHeading>
      <p>{t('comingSoon')}</p>
    </section>
  );
}
