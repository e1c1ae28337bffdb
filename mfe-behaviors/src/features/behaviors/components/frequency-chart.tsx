import { EmptyState, escapeHtml, formatDate, useChartLang, useTranslation } from '@aba/web-kit';
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { BehaviorTracking } from '../api/get-behavior.js';
import { chartPoints, countPerDay, summarize } from '../utils/per-day.js';

const DAY_MS = 24 * 3600 * 1000;
/** Fluent's brand blue: the spec fixes colours for YES/NO only. */
const COLUMN_COLOR = '#0f6cbd';

const useStyles = makeStyles({
  chart: { minWidth: 0, width: '100%' },
  summary: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalS} 0 0` },
});

export interface FrequencyChartProps {
  name: string;
  tracking: readonly BehaviorTracking[];
}

/** Column chart of how many times the behaviour was logged per day (viewer's calendar days), with a summary. */
export function FrequencyChart({ name, tracking }: FrequencyChartProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const counts = useMemo(() => countPerDay(tracking), [tracking]);
  const summary = useMemo(() => summarize(counts), [counts]);
  const lang = useChartLang();

  const options = useMemo<Highcharts.Options>(
    () => ({
      chart: {
        type: 'column',
        height: 320,
        style: { fontFamily: 'inherit' },
        spacingLeft: 4,
        spacingRight: 8,
      },
      title: { text: undefined },
      credits: { enabled: false },
      // Highcharts' screen-reader texts, and the dates it reads out, in the interface's language (web-kit).
      lang,
      legend: { enabled: false },
      // Highcharts parses the description as HTML: the behaviour's name goes in as text.
      accessibility: { enabled: true, description: t('detail.chartDescription', { name: escapeHtml(name) }) },
      // x values are midnight UTC of the viewer's calendar days: the axis reads them in UTC.
      time: { timezone: 'UTC' },
      xAxis: {
        type: 'datetime',
        title: { text: t('detail.xAxis') },
        minTickInterval: DAY_MS,
        dateTimeLabelFormats: { day: '%d/%m', week: '%d/%m', month: '%m/%Y', year: '%Y' },
      },
      yAxis: { min: 0, allowDecimals: false, title: { text: t('detail.yAxis') } },
      tooltip: { xDateFormat: '%d/%m/%Y', pointFormat: '{series.name}: <b>{point.y}</b>' },
      plotOptions: {
        column: { pointRange: DAY_MS, maxPointWidth: 56, color: COLUMN_COLOR, dataLabels: { enabled: true } },
      },
      series: [{ type: 'column', name: t('detail.seriesName'), data: chartPoints(counts) }],
    }),
    // The texts follow the language.
    [counts, name, t, lang],
  );

  if (counts.length === 0) return <EmptyState>{t('detail.chartEmpty')}</EmptyState>;
  return (
    <div>
      <div className={styles.chart}>
        <HighchartsReact highcharts={Highcharts} options={options} />
      </div>
      {summary.busiest ? (
        <p className={styles.summary}>
          {t('detail.summary', {
            total: summary.total,
            days: summary.days,
            most: summary.busiest.count,
            day: formatDate(summary.busiest.day),
          })}
        </p>
      ) : null}
    </div>
  );
}

export default FrequencyChart;
