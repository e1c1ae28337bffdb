import type { ProgressPoint } from '@aba/contracts/api';
import { formatDate, TableRegion, useTableStyles, useTranslation } from '@aba/web-kit';
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';

/** The chart's sessions as a table (newest first): date, person, YES/trials, %, counted or why not. */
export function ProgressTable({ item, points }: { item: string; points: readonly ProgressPoint[] }) {
  const { t } = useTranslation('plans');
  const tableStyles = useTableStyles();
  const rows = [...points].reverse();
  return (
    <TableRegion label={t('progress.table.region', { name: item })}>
      <Table className={tableStyles.table} size="small" aria-label={t('progress.table.caption', { name: item })}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('progress.table.date')}</TableHeaderCell>
            <TableHeaderCell>{t('progress.table.person')}</TableHeaderCell>
            <TableHeaderCell>{t('progress.table.result')}</TableHeaderCell>
            <TableHeaderCell>{t('progress.table.pct')}</TableHeaderCell>
            <TableHeaderCell>{t('progress.table.counted')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((point) => (
            <TableRow key={`${point.session_id}-${point.phase}`}>
              <TableCell className={tableStyles.cell}>{formatDate(point.date)}</TableCell>
              <TableCell className={tableStyles.cell}>{point.person}</TableCell>
              <TableCell className={tableStyles.cell}>{`${point.yes}/${point.trials}`}</TableCell>
              <TableCell className={tableStyles.cell}>{`${point.pct} %`}</TableCell>
              <TableCell className={tableStyles.cell}>{t(`progress.reason.${point.reason}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableRegion>
  );
}
