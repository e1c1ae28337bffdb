import type { ChildExportLanguage } from '@aba/contracts/api';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ParentReport, ParentReportItem } from './parent-report.js';
import { PARENT_REPORT_WORDS } from './parent-report-words.js';

const ACCENT = '#1f5f99';
const MUTED = '#555555';
const GRAPH = { width: 220, height: 56 };

/** Correct answers out of 10 week by week: a line over a 0–10 frame, labelled at both ends. */
function graphOf(values: number[], caption: string): Content {
  const step = GRAPH.width / (values.length - 1);
  const points = values.map((value, index) => ({
    x: index * step,
    y: GRAPH.height - (value / 10) * GRAPH.height,
  }));
  return {
    margin: [0, 6, 0, 0],
    stack: [
      {
        columns: [
          {
            width: 14,
            stack: [
              { text: '10', fontSize: 7, color: MUTED },
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
              { type: 'polyline', points, lineWidth: 1.5, lineColor: ACCENT },
              ...points.map((point) => ({ type: 'ellipse' as const, ...point, r1: 2, r2: 2, color: ACCENT })),
            ],
          },
        ],
        columnGap: 2,
      },
      { text: caption, fontSize: 8, color: MUTED, margin: [16, 2, 0, 0] },
    ],
  };
}

function itemOf(item: ParentReportItem): Content {
  return {
    unbreakable: true,
    margin: [0, 14, 0, 0],
    stack: [
      { text: item.name, style: 'item' },
      {
        text: [`${item.statusLabel}: `, { text: item.status, bold: true, color: ACCENT }],
        margin: [0, 2, 0, 2],
      },
      ...item.sentences.map((sentence) => ({ text: sentence })),
      ...(item.graph ? [graphOf(item.graph.values, item.graph.caption)] : []),
    ],
  };
}

/** Who made the report and when, as every page's footer says it. */
export interface ReportMaker {
  madeBy: string | null;
  madeAt: Date;
  timeZone: string;
}

/** The parent progress report as a pdfmake document: a page of summary, a page per sub-plan, a footer on each. */
export function parentReportDocument(
  report: ParentReport,
  language: ChildExportLanguage,
  maker: ReportMaker,
): TDocumentDefinitions {
  const words = PARENT_REPORT_WORDS[language];
  const madeAt = new Intl.DateTimeFormat(words.locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: maker.timeZone,
  }).format(maker.madeAt);
  const madeBy = maker.madeBy ?? words.someone;
  return {
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 60],
    language: words.locale,
    info: { title: report.title, author: madeBy, creator: 'ABA Tracker' },
    defaultStyle: { font: 'Roboto', fontSize: 11, lineHeight: 1.25 },
    styles: {
      title: { fontSize: 22, bold: true, color: ACCENT },
      period: { fontSize: 11, color: MUTED, margin: [0, 2, 0, 14] },
      heading: { fontSize: 16, bold: true, color: ACCENT, margin: [0, 18, 0, 6] },
      item: { fontSize: 12, bold: true },
      muted: { color: MUTED },
    },
    footer: (page, pages) => ({
      text: words.footer(madeBy, madeAt, page, pages),
      fontSize: 8,
      color: MUTED,
      margin: [48, 24, 48, 0],
    }),
    content: [
      { text: report.title, style: 'title' },
      { text: report.period, style: 'period' },
      ...report.summary.map((sentence) => ({
        text: sentence,
        margin: [0, 0, 0, 4] as [number, number, number, number],
      })),
      { text: report.behaviorsHeading, style: 'heading' },
      ...report.behaviors.map((sentence) => ({
        text: sentence,
        margin: [0, 0, 0, 4] as [number, number, number, number],
      })),
      {
        margin: [0, 20, 0, 0],
        table: {
          widths: ['*'],
          body: [
            [
              {
                fillColor: '#eef3f8',
                margin: [10, 8, 10, 8],
                stack: [
                  { text: report.glossaryHeading, bold: true, margin: [0, 0, 0, 4] },
                  ...report.glossary.map((entry) => ({
                    text: [{ text: `${entry.term}: `, bold: true }, entry.meaning],
                    margin: [0, 0, 0, 2] as [number, number, number, number],
                  })),
                ],
              },
            ],
          ],
        },
        layout: 'noBorders',
      },
      ...report.subPlans.flatMap((subPlan): Content[] => [
        { text: subPlan.name, style: 'heading', pageBreak: 'before' },
        { text: subPlan.plans, style: 'muted' },
        ...subPlan.items.map(itemOf),
      ]),
    ],
  };
}
