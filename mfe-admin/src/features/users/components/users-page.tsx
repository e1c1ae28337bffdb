import { EmptyState, Loading, PageHeading, useServerErrorTranslator, useTranslation } from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { makeStyles } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useGetUsersQuery } from '../api/get-users.js';
import { useUsersPager } from '../hooks/use-users-pager.js';
import { pagerControls } from '../hooks/users-pager.js';
import { UsersPagination } from './users-pagination.js';
import { UsersTable } from './users-table.js';

const useStyles = makeStyles({
  page: { minWidth: 0 },
});

/** /admin/users (ADMIN): the paged users list (spec §2). */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const translateError = useServerErrorTranslator();
  const styles = useStyles();
  const pager = useUsersPager();
  const { data, currentData, error, isLoading, isFetching, refetch } = useGetUsersQuery({
    page: pager.page,
    userCount: pager.size,
  });
  // While another page loads, the previous one stays on screen (dimmed via aria-busy) instead of a spinner.
  const shown = currentData ?? data;
  const total = shown?.total;
  const controls = pagerControls(pager, isFetching && !currentData ? undefined : total);
  const { clamp } = pager;

  // Users were removed since the last page was read: go back to the last page that exists.
  useEffect(() => {
    if (currentData && currentData.users.length === 0 && currentData.total > 0) {
      clamp(Math.ceil(currentData.total / pager.size));
    }
  }, [currentData, clamp, pager.size]);

  return (
    <section className={styles.page}>
      <PageHeading>{t('users.title')}</PageHeading>
      {error ? <LoadFailure onRetry={() => void refetch()}>{translateError(error)}</LoadFailure> : null}
      {isLoading ? (
        <Loading label={t('users.loading')} />
      ) : shown ? (
        <>
          {shown.users.length === 0 ? (
            <EmptyState>{t('users.empty')}</EmptyState>
          ) : (
            <UsersTable users={shown.users} busy={isFetching} />
          )}
          <UsersPagination
            page={pager.page}
            size={pager.size}
            controls={controls}
            total={total}
            onSizeChange={pager.setSize}
            onPrevious={pager.previous}
            onNext={pager.next}
            onReload={() => void refetch()}
          />
        </>
      ) : null}
    </section>
  );
}
