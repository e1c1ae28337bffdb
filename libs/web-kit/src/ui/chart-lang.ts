import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Highcharts' `lang` option in the interface's language: the locale its dates and numbers are read in, and the texts
 * its accessibility module gives screen readers (chart type, axes, series, legend), from the `chart` section of the
 * shell's `common` translations. Highcharts' own texts are English; without this a Romanian screen reader user heard
 * "Bar chart with 12 bars" under Romanian axis titles.
 */
export interface ChartLang {
  locale: string;
  accessibility?: ChartTexts;
  [option: string]: string | ChartTexts | undefined;
}

/** Highcharts' texts nest (`accessibility.axis.defaultAxisNames.time`); their `{…}` placeholders are Highcharts' own. */
export interface ChartTexts {
  [key: string]: string | ChartTexts;
}

/** The locale Highcharts formats dates and numbers in for an interface language (day first in both). */
export function chartLocale(language: string | undefined): string {
  return language === 'en' ? 'en-GB' : 'ro-RO';
}

/** `lang` for every chart of the app (one place: the plans dashboard and the behaviour frequency chart use it). */
export function useChartLang(): ChartLang {
  const { t, i18n } = useTranslation('common');
  return useMemo(() => {
    const texts = t('chart', { returnObjects: true }) as unknown;
    return {
      ...(typeof texts === 'object' && texts !== null ? (texts as Record<string, string | ChartTexts>) : {}),
      locale: chartLocale(i18n.resolvedLanguage ?? i18n.language),
    };
  }, [t, i18n.resolvedLanguage, i18n.language]);
}
