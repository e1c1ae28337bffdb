import {
  EmptyState,
  formatDateTime,
  Loading,
  TableRegion,
  useLanguage,
  useLicenceRedirect,
  useTableStyles,
  useTranslation,
} from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import {
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useAbcLogQuery } from '../api/get-abc-log.js';

const useStyles = makeStyles({
  title: {
    margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  wrap: { wordBreak: 'break-word' },
});

/** The behaviour's ABC log: Date, Antecedent, Consequence, newest first (reloaded after each save). */
export function AbcLogTable({
  childId,
  behavior,
}: {
  childId: string;
  behavior: { id: string; name: string };
}) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const tableStyles = useTableStyles();
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { data, error, isLoading, isFetching, refetch } = useAbcLogQuery({
    childId,
    behaviorId: behavior.id,
    language,
  });
  useLicenceRedirect(error);

  return (
    <section aria-labelledby={`abc-log-${behavior.id}`}>
      <h4 id={`abc-log-${behavior.id}`} className={styles.title}>
        {t('abc.log.title')}
      </h4>
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {isLoading ? (
        <Loading label={t('abc.log.loading')} />
      ) : data ? (
        data.length === 0 ? (
          <EmptyState>{t('abc.log.empty')}</EmptyState>
        ) : (
          <TableRegion label={t('abc.log.tableLabel', { name: behavior.name })}>
            <Table
              className={tableStyles.table}
              aria-label={t('abc.log.tableLabel', { name: behavior.name })}
              aria-busy={isFetching}
            >
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('abc.log.date')}</TableHeaderCell>
                  <TableHeaderCell>{t('abc.log.antecedent')}</TableHeaderCell>
                  <TableHeaderCell>{t('abc.log.consequence')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell className={mergeClasses(tableStyles.cell, tableStyles.nowrap)}>
                      {formatDateTime(entry.created_at)}
                    </TableCell>
                    <TableCell className={mergeClasses(tableStyles.cell, styles.wrap)}>
                      {entry.antecedent}
                    </TableCell>
                    <TableCell className={mergeClasses(tableStyles.cell, styles.wrap)}>
                      {entry.consequence}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableRegion>
        )
      ) : null}
    </section>
  );
}
