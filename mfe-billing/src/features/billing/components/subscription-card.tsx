import { useTranslation } from '@aba/web-kit';
import { Card, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useCreateCheckoutLinkMutation } from '../api/create-checkout-link.js';
import { useGetPortalLinkMutation } from '../api/get-portal-link.js';
import type { BillingSummary } from '../hooks/licences.js';
import { ProviderLink } from './provider-link.js';

const useStyles = makeStyles({
  card: { maxWidth: '40rem', marginBottom: tokens.spacingVerticalXXL },
  title: { ...typographyStyles.subtitle1, margin: 0 },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(8rem, 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
  },
  figure: { display: 'flex', flexDirection: 'column-reverse', gap: tokens.spacingVerticalXXS },
  term: { color: tokens.colorNeutralForeground2, ...typographyStyles.body1 },
  value: { ...typographyStyles.title2, margin: 0 },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXL, alignItems: 'center' },
  note: { margin: 0, color: tokens.colorNeutralForeground3, ...typographyStyles.caption1 },
});

export interface SubscriptionCardProps {
  summary: BillingSummary;
  onError: (error: unknown) => void;
}

/** "Your subscription": active licences, licences in use, and the Manage / Add licenses links (spec §2). */
export function SubscriptionCard({ summary, onError }: SubscriptionCardProps) {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const [getPortalLink] = useGetPortalLinkMutation();
  const [createCheckoutLink] = useCreateCheckoutLinkMutation();
  return (
    <Card className={styles.card} role="region" aria-labelledby="billing-subscription-title">
      <h2 id="billing-subscription-title" className={styles.title}>
        {t('subscription.title')}
      </h2>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt className={styles.term}>{t('subscription.activeLicenses')}</dt>
          <dd className={styles.value} data-testid="active-licenses">
            {summary.activeLicenses}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt className={styles.term}>{t('subscription.licensesInUse')}</dt>
          <dd className={styles.value} data-testid="licenses-in-use">
            {summary.licensesInUse}
          </dd>
        </div>
      </dl>
      <div className={styles.links}>
        <ProviderLink fetchUrl={() => getPortalLink().unwrap()} onError={onError}>
          {t('subscription.manage')}
        </ProviderLink>
        <ProviderLink fetchUrl={() => createCheckoutLink({ quantity: 1 }).unwrap()} onError={onError}>
          {t('subscription.addLicenses')}
        </ProviderLink>
      </div>
      <p className={styles.note}>{t('subscription.providerNote')}</p>
    </Card>
  );
}
