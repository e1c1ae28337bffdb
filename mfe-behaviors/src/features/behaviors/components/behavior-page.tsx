import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

export type BehaviorPageKind = 'list' | 'detail';

/** /child/:id/behaviors (table, ABC form and log) and /child/:id/behavior/:behaviorId (chart), to come. */
export function BehaviorPage({ kind }: { kind: BehaviorPageKind }) {
  const { t } = useTranslation('behaviors');
  return (
    <section>
      <PageHeading>{t(`${kind}.title`)}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
