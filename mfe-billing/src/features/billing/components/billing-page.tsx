import {
  Loading,
  PageHeading,
  useLocation,
  useNavigate,
  useServerErrorTranslator,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, LoadFailure } from '@aba/web-kit/forms';
import { makeStyles } from '@fluentui/react-components';
import { useGetSubscriptionDataQuery } from '../api/get-subscription-data.js';
import { billingSummary, childRows, licensableChildren, navigationError } from '../hooks/licences.js';
import { ChildrenLicences } from './children-licences.js';
import { SubscriptionCard } from './subscription-card.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
});

/**
 * /billing (spec §2): "Your subscription" (active licences, licences in use, Manage / Add licenses) and
 * "Your children" (licence per child, remove with confirmation, add for a child of the user's without one). A
 * message passed in navigation state (`{ error }`, e.g. from the no-licence redirect) shows in a red alert on top;
 * the outcome of an action shows where the action was.
 */
export function BillingPage() {
  const { t } = useTranslation('billing');
  const styles = useStyles();
  const translateError = useServerErrorTranslator('billing');
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedWithError = navigationError(location.state);
  const { data, error, isLoading, isFetching, refetch } = useGetSubscriptionDataQuery();

  const onAdded = () => {
    // The message that brought the user here ("no active licenses") no longer applies.
    if (arrivedWithError) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };

  return (
    <section className={styles.page}>
      <PageHeading>{t('title')}</PageHeading>
      {arrivedWithError ? <ErrorBanner>{translateError(arrivedWithError)}</ErrorBanner> : null}
      {error ? <LoadFailure onRetry={() => void refetch()}>{translateError(error)}</LoadFailure> : null}
      {isLoading ? (
        <Loading label={t('loading')} />
      ) : data ? (
        <>
          <SubscriptionCard summary={billingSummary(data)} onlinePayment={data.online_payment} />
          <ChildrenLicences
            rows={childRows(data)}
            ownsChildren={data.owned_children.length > 0}
            licensable={licensableChildren(data.owned_children)}
            helpsOtherChildren={data.helps_other_children}
            busy={isFetching}
            onAdded={onAdded}
          />
        </>
      ) : null}
    </section>
  );
}
