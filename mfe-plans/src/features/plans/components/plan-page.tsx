import { PageHeading } from '@aba/web-kit';
import { useTranslation } from 'react-i18next';

export type PlanPageKind = 'planList' | 'planCreate' | 'planDetail' | 'planEdit' | 'planEvaluate';

/** The plan pages (list, create, detail, edit, evaluate) until their feature issues fill them. */
export function PlanPage({ kind }: { kind: PlanPageKind }) {
  const { t } = useTranslation('plans');
  return (
    <section>
      <PageHeading>{t(`${kind}.title`)}</PageHeading>
      <p>{t('placeholder')}</p>
    </section>
  );
}
