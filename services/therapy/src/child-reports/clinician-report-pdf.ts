import type { ChildExportLanguage, ClinicianReportSection } from '@aba/contracts/api';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces.js';
import type { ClinicianReport, ReportTable } from './clinician-report.js';
import { lineGraph, reportDocument, type Letterhead, type ReportMaker } from './report-document.js';

/**
 * A table of the report: its header rows repeated on every page it spans, small text, light lines. With a title, the
 * title is its first row (across every column), so it repeats too and never stands at a page's foot without a row.
 */
function tableOf({ headers, rows }: ReportTable, widths: Array<string | number>, title?: string): Content {
  const titleRow: TableCell[][] = title
    ? [
        [
          { text: title, style: 'item', colSpan: widths.length, margin: [0, 8, 0, 0] },
          ...widths.slice(1).map(() => ''),
        ],
      ]
    : [];
  return {
    table: {
      headerRows: titleRow.length + 1,
      keepWithHeaderRows: 1,
      widths,
      body: [
        ...titleRow,
        headers.map((header) => ({ text: header, style: 'tableHeader' })),
        ...rows.map((row) => row.map((cell) => ({ text: cell, style: 'cell' }))),
      ],
    },
    layout: 'lightHorizontalLines',
    margin: [0, 4, 0, 8],
  };
}

/** How a child's clinician report is laid out: the clinic at the top of every page and the order of its sections. */
export interface ClinicianReportLayout {
  letterhead: Letterhead;
  sectionOrder: readonly ClinicianReportSection[];
}

/**
 * The clinician report as a pdfmake document: under the title, in the layout's order, the sessions and their
 * 50-minute units per month, the items of each sub-plan (a table, then each item's graph with its phase lines) and the
 * behaviours; then the signature lines, always last.
 */
export function clinicianReportDocument(
  report: ClinicianReport,
  language: ChildExportLanguage,
  maker: ReportMaker,
  layout: ClinicianReportLayout,
): TDocumentDefinitions {
  const signature = (role: string): Content => ({
    stack: [
      { text: role, bold: true, margin: [0, 0, 0, 28] },
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 220, y2: 0, lineWidth: 0.5 }] },
      { text: report.signatureLine, style: 'muted', fontSize: 8 },
    ],
  });
  const sections: Record<ClinicianReportSection, Content[]> = {
    sessions: [
      { text: report.sessionsHeading, style: 'heading' },
      { text: report.sessionsSummary },
      { text: report.unitsRule, style: 'muted', fontSize: 9, margin: [0, 2, 0, 0] },
      ...(report.months.rows.length > 0
        ? [tableOf(report.months, ['auto', 'auto', 'auto', 'auto', '*'])]
        : []),
    ],
    items: [
      { text: report.itemsHeading, style: 'heading' },
      ...(report.noItems ? [{ text: report.noItems }] : []),
      ...report.subPlans.flatMap((subPlan): Content[] => [
        tableOf(
          { headers: report.itemHeaders, rows: subPlan.items.map((item) => item.row) },
          ['*', 'auto', 'auto', 'auto', 90, 'auto'],
          subPlan.name,
        ),
        ...subPlan.items.flatMap((item): Content[] =>
          item.graph
            ? [
                {
                  unbreakable: true,
                  stack: [
                    { text: item.row[0], fontSize: 9, bold: true, margin: [0, 4, 0, 0] },
                    lineGraph({ ...item.graph, max: 100, caption: report.graphCaption }),
                  ],
                },
              ]
            : [],
        ),
      ]),
      { text: report.notes, style: 'muted', fontSize: 8, margin: [0, 6, 0, 0] },
    ],
    behaviors: [
      { text: report.behaviorsHeading, style: 'heading' },
      report.behaviors
        ? tableOf(report.behaviors, ['*', 'auto', 'auto', 'auto'])
        : { text: report.noBehaviors },
    ],
  };
  return reportDocument(
    language,
    maker,
    report.title,
    [
      { text: report.title, style: 'title' },
      { text: report.period, style: 'period' },
      ...layout.sectionOrder.flatMap((section) => sections[section]),
      { text: report.signaturesHeading, style: 'heading', margin: [0, 24, 0, 12] },
      { columns: report.signatures.map(signature), columnGap: 24, unbreakable: true },
    ],
    layout.letterhead,
  );
}
