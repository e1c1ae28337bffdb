import { useChartLang, useTranslation } from '@aba/web-kit';
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { makeStyles } from '@fluentui/react-components';
import { useMemo } from 'react';
import { ANIMATION_MS, DAY_MS, NO_COLOR, YES_COLOR, type ChartSeries } from '../utils/chart-series.js';

const useStyles = makeStyles({ chart: { minWidth: 0, width: '100%' } });

/**
 * Column chart of YES (teal) and NO (red) evaluations per day on a time axis (days without evaluations keep their
 * place); the columns grow in about a second.
 */
export function EvaluationsChart({ series }: { series: ChartSeries }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const lang = useChartLang();
  const options = useMemo<Highcharts.Options>(
    () => ({
      chart: {
        type: 'column',
        height: 340,
        style: { fontFamily: 'inherit' },
        spacingLeft: 4,
        spacingRight: 8,
      },
      title: { text: undefined },
      // x is midnight UTC of the viewer's calendar day (chart-series.ts): read it in UTC to show that day.
      time: { timezone: 'UTC' },
      credits: { enabled: false },
      // Highcharts' screen-reader texts in the interface's language (web-kit).
      lang,
      accessibility: { enabled: true, description: t('dashboard.chartDescription') },
      xAxis: {
        type: 'datetime',
        title: { text: t('dashboard.xAxis') },
        crosshair: true,
        minTickInterval: DAY_MS,
        labels: { format: '{value:%d/%m}' },
      },
      yAxis: { min: 0, allowDecimals: false, title: { text: t('dashboard.yAxis') } },
      tooltip: { shared: true, xDateFormat: '%d/%m/%Y' },
      legend: { enabled: true },
      plotOptions: {
        column: {
          animation: { duration: ANIMATION_MS },
          maxPointWidth: 40,
          groupPadding: 0.12,
          pointRange: DAY_MS,
        },
      },
      series: [
        { type: 'column', name: t('dashboard.yes'), color: YES_COLOR, data: series.yes },
        { type: 'column', name: t('dashboard.no'), color: NO_COLOR, data: series.no },
      ],
    }),
    // The texts follow the language.
    [series, t, lang],
  );
  return (
    <div className={styles.chart} data-testid="evaluations-chart">
      <HighchartsReact highcharts={Highcharts} options={options} />
    </div>
  );
}

export default EvaluationsChart;
