import { escapeHtml, formatDate, useChartLang, useTranslation } from '@aba/web-kit';
import { makeStyles } from '@fluentui/react-components';
import Highcharts from 'highcharts';
import 'highcharts/modules/accessibility';
import HighchartsReact from 'highcharts-react-official';
import { useMemo } from 'react';
import type { Granularity, ProgressSeries, SeriesPoint } from '../utils/progress-series.js';

const useStyles = makeStyles({ chart: { minWidth: 0, width: '100%' } });

const LINE_COLOR = '#0f6cbd';
const MET_COLOR = '#0e700e';
const GREY = '#616161';
const AIM_COLOR = '#8a3707';

/** The drawn point's data, for its tooltip. */
type Point = Highcharts.PointOptionsObject & { custom?: { point: SeriesPoint } };

const MET_MARKER = { symbol: 'circle', fillColor: MET_COLOR, lineColor: MET_COLOR, radius: 5 };

const HOUR_MS = 3600 * 1000;

/** Sessions within a day: a tick every whole number of hours (about 4 ticks); over longer spans Highcharts chooses. */
function sessionTickInterval(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const span = Math.max(...xs) - Math.min(...xs);
  return span < 24 * HOUR_MS ? Math.max(1, Math.round(span / 4 / HOUR_MS)) * HOUR_MS : undefined;
}

/**
 * % correct per session (or pooled per day / week) of one item: the counted points joined phase by phase, the
 * uncounted ones hollow and grey, a labelled vertical line at every phase change, the aim dashed, the trend dashed.
 */
export function ProgressChart({ series, granularity }: { series: ProgressSeries; granularity: Granularity }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const lang = useChartLang();
  const options = useMemo<Highcharts.Options>(() => {
    const text = (point: SeriesPoint) =>
      point.person === null
        ? t('progress.pooledTooltip', {
            result: `${point.yes}/${point.trials}`,
            pct: point.y,
            date: formatDate(point.date),
            sessions: point.sessions,
          })
        : t('progress.tooltip', {
            result: `${point.yes}/${point.trials}`,
            pct: point.y,
            date: formatDate(point.date),
            person: point.person,
          });
    // Only a met point has a marker of its own (the series' is the counted one's): fewer options for Highcharts
    // to merge point by point. A copy each: the accessibility module merges into a point's marker in place.
    const drawn = (point: SeriesPoint): Point =>
      point.kind === 'met'
        ? { x: point.x, y: point.y, custom: { point }, marker: { ...MET_MARKER } }
        : { x: point.x, y: point.y, custom: { point } };
    // The axis reaches every phase line (a change can come after the last point drawn); a line's label sits on the
    // side of the line with more room.
    const xs = [...series.line, ...series.hollow, ...series.phaseLines].map((point) => point.x);
    const middle = xs.length > 0 ? (Math.min(...xs) + Math.max(...xs)) / 2 : 0;
    const plotLines: Highcharts.XAxisPlotLinesOptions[] = series.phaseLines.map((line) => ({
      value: line.x,
      color: GREY,
      width: 2,
      zIndex: 3,
      label: {
        text: escapeHtml(`${t(`itemStatus.${line.status}`)} · ${line.label}`),
        rotation: 0,
        textAlign: line.x > middle ? 'right' : 'left',
        x: line.x > middle ? -4 : 4,
        y: 14,
        style: { color: '#242424', fontSize: '11px' },
      },
    }));
    const lineXs = series.phaseLines.map((line) => line.x);
    const result: Highcharts.SeriesOptionsType[] = [
      {
        type: 'line',
        name: t(granularity === 'session' ? 'progress.series.sessions' : `progress.series.${granularity}`),
        color: LINE_COLOR,
        marker: { symbol: 'square', fillColor: LINE_COLOR, lineColor: LINE_COLOR, radius: 4 },
        connectNulls: false,
        data: series.line.map((point) => (point.y === null ? { x: point.x, y: null } : drawn(point))),
      },
      {
        type: 'scatter',
        name: t('progress.series.notCounted'),
        color: GREY,
        marker: { symbol: 'circle', radius: 5, fillColor: '#ffffff', lineColor: GREY, lineWidth: 2 },
        data: series.hollow.map((point): Point => ({ x: point.x, y: point.y, custom: { point } })),
      },
    ];
    if (series.trend) {
      result.push({
        type: 'line',
        name: t('progress.series.trend'),
        color: GREY,
        dashStyle: 'ShortDash',
        marker: { enabled: false },
        enableMouseTracking: false,
        data: series.trend.map(([x, y]) => ({ x, y })),
      });
    }
    return {
      chart: { height: 320, style: { fontFamily: 'inherit' }, spacingLeft: 4, spacingRight: 8 },
      title: { text: undefined },
      time: { timezone: 'UTC' },
      credits: { enabled: false },
      lang,
      accessibility: { enabled: true, description: t('progress.chartDescription') },
      xAxis: {
        type: 'datetime',
        title: { text: t('progress.xAxis') },
        ...(granularity === 'session'
          ? { labels: { format: '{value:%d/%m %H:%M}' }, tickInterval: sessionTickInterval(xs) }
          : { labels: { format: '{value:%d/%m}' }, minTickInterval: 24 * 3600 * 1000 }),
        ...(lineXs.length > 0 ? { softMin: Math.min(...lineXs), softMax: Math.max(...lineXs) } : {}),
        minPadding: 0.05,
        maxPadding: 0.05,
        plotLines,
      },
      yAxis: {
        min: 0,
        max: 100,
        tickInterval: 20,
        title: { text: t('progress.yAxis') },
        plotLines:
          series.aim === null
            ? []
            : [
                {
                  value: series.aim,
                  color: AIM_COLOR,
                  dashStyle: 'Dash',
                  width: 2,
                  zIndex: 3,
                  label: {
                    text: escapeHtml(t('progress.aim', { pct: series.aim })),
                    align: 'left',
                    x: 4,
                    y: -4,
                  },
                },
              ],
      },
      tooltip: {
        useHTML: false,
        // Written when shown: a text for each of hundreds of points would be written before the chart is drawn.
        formatter: function (this: Highcharts.Point) {
          const point = (this.options as Point).custom?.point;
          return point ? escapeHtml(text(point)) : '';
        },
      },
      legend: { enabled: true },
      plotOptions: { series: { animation: { duration: 600 } } },
      series: result,
    };
  }, [series, granularity, t, lang]);
  return (
    <div className={styles.chart} data-testid="progress-chart">
      <HighchartsReact highcharts={Highcharts} options={options} />
    </div>
  );
}

export default ProgressChart;
