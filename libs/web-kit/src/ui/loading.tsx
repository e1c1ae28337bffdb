import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** Translated "Loading…" spinner (spec §2: what the protected-route wrapper shows while the session loads). */
export function Loading() {
  const { t } = useTranslation('common');
  return <Spinner size="small" label={t('loading')} labelPosition="after" />;
}
