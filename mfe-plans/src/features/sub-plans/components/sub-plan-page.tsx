import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

export type SubPlanPageKind = 'subPlanList' | 'subPlanCreate' | 'subPlanDetail' | 'subPlanEdit';

/** The sub-plan pages (list, create, detail, edit) until their feature issues fill them. */
export function SubPlanPage({ kind }: { kind: SubPlanPageKind }) {
  const { t } = useTranslation('plans');
  return (
    <section>
      <PageHeading>{t(`${kind}.title`)}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
