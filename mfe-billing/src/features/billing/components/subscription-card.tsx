import { useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import { Card, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useState } from 'react';
import { useCreateCheckoutLinkMutation } from '../api/create-checkout-link.js';
import { useGetPortalLinkMutation } from '../api/get-portal-link.js';
import type { OnlinePayment } from '../api/get-subscription-data.js';
import { paymentNote, type BillingSummary } from '../hooks/licences.js';
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

const NOTE_ID = 'billing-payment-note';

export interface SubscriptionCardProps {
  summary: BillingSummary;
  /** Which links lead anywhere; one that does not is disabled before anyone clicks it. */
  onlinePayment: OnlinePayment;
}

/**
 * "Your subscription": active licences, licences in use, and the Manage / Add licenses links (spec §2). A link that
 * fails says why below the links, and takes the focus.
 */
export function SubscriptionCard({ summary, onlinePayment }: SubscriptionCardProps) {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('billing');
  const [failure, setFailure] = useState<{ error: unknown; count: number } | null>(null);
  const onError = (error: unknown) => setFailure((last) => ({ error, count: (last?.count ?? 0) + 1 }));
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
        <ProviderLink
          fetchUrl={() => getPortalLink().unwrap()}
          onError={onError}
          unavailable={!onlinePayment.manage}
          describedBy={NOTE_ID}
        >
          {t('subscription.manage')}
        </ProviderLink>
        <ProviderLink
          fetchUrl={() => createCheckoutLink({ quantity: 1 }).unwrap()}
          onError={onError}
          unavailable={!onlinePayment.add_licenses}
          describedBy={NOTE_ID}
        >
          {t('subscription.addLicenses')}
        </ProviderLink>
      </div>
      <p id={NOTE_ID} className={styles.note} data-testid="payment-note">
        {t(`subscription.${paymentNote(onlinePayment)}`)}
      </p>
      {failure ? <ActionError focusKey={failure.count}>{translateError(failure.error)}</ActionError> : null}
    </Card>
  );
}
