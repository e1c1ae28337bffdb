import { formatDateTime, TableRegion, useLanguage, useLicenceRedirect, useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import {
  Button,
  makeStyles,
  Spinner,
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
  title: { margin: `${tokens.spacingVerticalL} 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  table: { tableLayout: 'auto', width: '100%' },
  date: { whiteSpace: 'nowrap' },
  cell: { height: 'auto', paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS, wordBreak: 'break-word' },
  empty: {
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    margin: 0,
  },
});

/** The behaviour's ABC log: Date, Antecedent, Consequence, newest first (reloaded after each save). */
export function AbcLogTable({ childId, behavior }: { childId: string; behavior: { id: string; name: string } }) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { data, error, isLoading, isFetching, refetch } = useAbcLogQuery({ childId, behaviorId: behavior.id, language });
  useLicenceRedirect(error);

  return (
    <section aria-labelledby={`abc-log-${behavior.id}`}>
      <h4 id={`abc-log-${behavior.id}`} className={styles.title}>
        {t('abc.log.title')}
      </h4>
      {error ? (
        <ErrorBanner
          action={
            <Button appearance="primary" size="small" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {errorText(error)}
        </ErrorBanner>
      ) : null}
      {isLoading ? (
        <Spinner size="small" label={t('abc.log.loading')} labelPosition="after" />
      ) : data ? (
        data.length === 0 ? (
          <p className={styles.empty}>{t('abc.log.empty')}</p>
        ) : (
          <TableRegion label={t('abc.log.tableLabel', { name: behavior.name })}>
            <Table className={styles.table} aria-label={t('abc.log.tableLabel', { name: behavior.name })} aria-busy={isFetching}>
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
                    <TableCell className={`${styles.cell} ${styles.date}`}>{formatDateTime(entry.created_at)}</TableCell>
                    <TableCell className={styles.cell}>{entry.antecedent}</TableCell>
                    <TableCell className={styles.cell}>{entry.consequence}</TableCell>
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
