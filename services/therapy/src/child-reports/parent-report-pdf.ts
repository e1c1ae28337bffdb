import type { ChildExportLanguage } from '@aba/contracts/api';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ParentReport, ParentReportItem } from './parent-report.js';
import { ACCENT, lineGraph, reportDocument, type ReportMaker } from './report-document.js';

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
      ...(item.graph ? [lineGraph({ values: item.graph.values, max: 10, caption: item.graph.caption })] : []),
    ],
  };
}

/** The parent progress report as a pdfmake document: a page of summary, a page per sub-plan, a footer on each. */
export function parentReportDocument(
  report: ParentReport,
  language: ChildExportLanguage,
  maker: ReportMaker,
): TDocumentDefinitions {
  return reportDocument(language, maker, report.title, [
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
  ]);
}
