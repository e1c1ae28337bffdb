import type { ChildExportLanguage } from '@aba/contracts/api';
import type { CanvasElement, Column, Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';

export const ACCENT = '#1f5f99';
export const MUTED = '#555555';

/** Who made a report and when, as every page's footer says it. */
export interface ReportMaker {
  madeBy: string | null;
  madeAt: Date;
  timeZone: string;
}

const FOOTER_WORDS: Readonly<
  Record<
    ChildExportLanguage,
    {
      locale: string;
      someone: string;
      footer: (by: string, at: string, page: number, pages: number) => string;
    }
  >
> = {
  ro: {
    locale: 'ro-RO',
    someone: 'un fost utilizator',
    footer: (by, at, page, pages) => `Generat de ${by} pe ${at} · Pagina ${page} din ${pages}`,
  },
  en: {
    locale: 'en-GB',
    someone: 'a former user',
    footer: (by, at, page, pages) => `Made by ${by} on ${at} · Page ${page} of ${pages}`,
  },
};

/** The clinic a report comes from, at the top of every page: its name, its logo, or both. */
export interface Letterhead {
  clinicName: string | null;
  /** The image as a data URL, and its size in pixels. */
  logo: { url: string; width: number; height: number } | null;
}

const LOGO_BOX = { width: 140, height: 40 };

/** The letterhead's row: the logo at the left, scaled to fit its box, and the clinic's name beside it. */
function letterheadOf({ clinicName, logo }: Letterhead): Content {
  const columns: Column[] = [];
  if (logo) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height);
    columns.push({ image: logo.url, width: logo.width * scale, height: logo.height * scale });
  }
  if (clinicName) {
    columns.push({
      text: clinicName,
      bold: true,
      fontSize: 12,
      color: ACCENT,
      width: '*',
      margin: [0, 12, 0, 0],
    });
  }
  return { margin: [48, 20, 48, 0], columnGap: 12, columns };
}

/**
 * A report as a pdfmake document: A4, Roboto, the reports' styles, and on every page a footer with who made it and
 * when (on the child's clock) and the page's number; with a letterhead that names a clinic, the clinic at the top of
 * every page.
 */
export function reportDocument(
  language: ChildExportLanguage,
  maker: ReportMaker,
  title: string,
  content: Content[],
  letterhead?: Letterhead,
): TDocumentDefinitions {
  const header =
    letterhead && (letterhead.clinicName || letterhead.logo) ? letterheadOf(letterhead) : undefined;
  const words = FOOTER_WORDS[language];
  const madeAt = new Intl.DateTimeFormat(words.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: maker.timeZone,
  }).format(maker.madeAt);
  const madeBy = maker.madeBy ?? words.someone;
  return {
    pageSize: 'A4',
    pageMargins: [48, header ? 76 : 48, 48, 60],
    language: words.locale,
    info: { title, author: madeBy, creator: 'ABA Tracker' },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 22, bold: true, color: ACCENT },
      period: { fontSize: 11, color: MUTED, margin: [0, 2, 0, 14] },
      heading: { fontSize: 16, bold: true, color: ACCENT, margin: [0, 18, 0, 6] },
      item: { fontSize: 12, bold: true },
      muted: { color: MUTED },
      tableHeader: { bold: true, fontSize: 9, color: MUTED },
      cell: { fontSize: 9 },
    },
    ...(header ? { header } : {}),
    footer: (page, pages) => ({
      text: words.footer(madeBy, madeAt, page, pages),
      fontSize: 8,
      color: MUTED,
      margin: [48, 24, 48, 0],
    }),
    content,
  };
}

const GRAPH = { width: 220, height: 56 };

export interface LineGraph {
  /** One value per point, from 0 to `max`, drawn left to right at equal steps. */
  values: number[];
  max: number;
  caption: string;
  /** Where a new phase begins: before the point of that index, a dashed vertical line. */
  phaseStarts?: number[];
}

/** A small line graph over a 0–`max` frame, labelled at both ends, with the phases' starts as dashed lines. */
export function lineGraph({ values, max, caption, phaseStarts = [] }: LineGraph): Content {
  const step = values.length > 1 ? GRAPH.width / (values.length - 1) : 0;
  const points = values.map((value, index) => ({
    x: values.length > 1 ? index * step : GRAPH.width / 2,
    y: GRAPH.height - (value / max) * GRAPH.height,
  }));
  const phaseLines: CanvasElement[] = phaseStarts.map((index) => {
    const x = Math.max(0, (index - 0.5) * step);
    return {
      type: 'line',
      x1: x,
      y1: 0,
      x2: x,
      y2: GRAPH.height,
      lineWidth: 1,
      lineColor: MUTED,
      dash: { length: 3 },
    };
  });
  return {
    margin: [0, 6, 0, 0],
    stack: [
      {
        columns: [
          {
            width: 18,
            stack: [
              { text: String(max), fontSize: 7, color: MUTED },
              { text: '0', fontSize: 7, color: MUTED, margin: [0, GRAPH.height - 18, 0, 0] },
            ],
          },
          {
            width: GRAPH.width + 4,
            canvas: [
              {
                type: 'rect',
                x: 0,
                y: 0,
                w: GRAPH.width,
                h: GRAPH.height,
                lineColor: '#c8c8c8',
                lineWidth: 0.5,
              },
              ...phaseLines,
              ...(points.length > 1
                ? [{ type: 'polyline' as const, points, lineWidth: 1.5, lineColor: ACCENT }]
                : []),
              ...points.map((point) => ({ type: 'ellipse' as const, ...point, r1: 2, r2: 2, color: ACCENT })),
            ],
          },
        ],
        columnGap: 2,
      },
      { text: caption, fontSize: 8, color: MUTED, margin: [20, 2, 0, 0] },
    ],
  };
}
