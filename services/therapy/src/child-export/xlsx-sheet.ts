import { strToU8 } from 'fflate';
import { OneBatchAhead, StreamingZip, type FileSink, type ZipFile } from './streamed-zip.js';

/**
 * A one-sheet XLSX workbook written as it goes (ADR 0051): the SpreadsheetML parts a spreadsheet needs, the sheet's
 * rows streamed into its ZIP as they come. exceljs's streaming writer took 7.6 s for 150,000 rows of six columns on
 * this machine; two years of a child's trials must be out in 5 s with the rest, so the few parts are written here and
 * the tests read them back with exceljs.
 */

/** A cell: text, a number, or a date and time (the spreadsheet's date, shown as `yyyy-mm-dd hh:mm:ss`). */
export type XlsxCell = string | number | { dateTime: string } | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const STYLE_DATE_TIME = 1;
/** At most this many repeated texts go to a workbook's shared table (a few megabytes at worst). */
const SHARED_STRINGS_ROOM = 50_000;
const STYLE_HEADER = 2;

/** The fixed parts of the workbook, its sheet named `sheetName` (Excel: at most 31 characters, none of `[]:*?/\`). */
function workbookParts(sheetName: string): Record<string, string> {
  const name = escapeXml(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
  return {
    '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  };
}

/** Characters XML 1.0 cannot hold at all (controls other than tab, LF, CR; lone surrogates; U+FFFE, U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- these control characters are what the expression finds
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything `escapeXml` would change (most texts hold none of it, and are written as they are). */
// eslint-disable-next-line no-control-regex -- these control characters are what the expression finds
const TO_ESCAPE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

export function escapeXml(text: string): string {
  if (!TO_ESCAPE.test(text)) return text;
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(?:\.\d+)?$/;
const DAY_MS = 86_400_000;
/** 1899-12-30, the day before the spreadsheet's day 1 (1900-01-01) counting its phantom 1900-02-29. */
const SERIAL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** The number the decimal digits of `text` from `start` to `end` write. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/**
 * A wall-clock date and time (`yyyy-mm-dd hh:mm:ss`) as the spreadsheet's serial number of days; null if not one. Read
 * digit by digit: an export converts four of them per trial.
 */
export function spreadsheetSerial(dateTime: string): number | null {
  if (!DATE_TIME.test(dateTime)) return null;
  const day = Date.UTC(digits(dateTime, 0, 4), digits(dateTime, 5, 7) - 1, digits(dateTime, 8, 10));
  const fraction = dateTime.length > 20 ? Number(`0${dateTime.slice(19)}`) : 0;
  const seconds =
    digits(dateTime, 11, 13) * 3600 + digits(dateTime, 14, 16) * 60 + digits(dateTime, 17, 19) + fraction;
  return (day - SERIAL_EPOCH_MS) / DAY_MS + seconds / 86_400;
}

const COLUMN_NAMES: string[] = [];

/** The column's letters of a 0-based index: A … Z, AA … */
export function columnName(index: number): string {
  let name = COLUMN_NAMES[index];
  if (name !== undefined) return name;
  name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  COLUMN_NAMES[index] = name;
  return name;
}

/**
 * The workbook's table of texts a sheet repeats (a session's id, an item's name, "DA"): a cell of one is written as
 * its index, half the bytes of the text inline. It takes texts while it has `room`, then the rest stay inline: its
 * size is bounded, whatever the export.
 */
export class SharedStrings {
  private readonly indexes = new Map<string, number>();

  constructor(private readonly room: number) {}

  /** The index of `text`, added if there is room; undefined when it stays inline. */
  indexOf(text: string): number | undefined {
    let index = this.indexes.get(text);
    if (index === undefined && this.indexes.size < this.room) {
      index = this.indexes.size;
      this.indexes.set(text, index);
    }
    return index;
  }

  /** `xl/sharedStrings.xml`: the texts in the order of their indexes. */
  xml(): string {
    let items = '';
    for (const text of this.indexes.keys()) items += `<si><t${spaceOf(text)}>${escapeXml(text)}</t></si>`;
    return `${XML_HEAD}<sst xmlns="${MAIN}" uniqueCount="${this.indexes.size}">${items}</sst>`;
  }
}

/** Leading or trailing white space, which XML drops unless told to keep it. */
const EDGE_SPACE = /^\s|\s$/;
const spaceOf = (text: string) => (EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '');

/** How a row is written: its style, and the table of repeated texts with the columns kept out of it. */
export interface RowStyle {
  style?: number;
  shared?: SharedStrings;
  /** Columns whose texts are each written once (a row's own id): inline, never in the table. */
  inlineColumns?: ReadonlySet<number>;
}

/** One cell at `reference` (`B7`: readers such as exceljs need it); nothing for an empty one. */
function cellXml(
  reference: string,
  value: XlsxCell,
  shared: SharedStrings | undefined,
  style?: number,
): string {
  const styled = style ? ` s="${style}"` : '';
  if (value === null) return '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${reference}"${styled}><v>${value}</v></c>` : '';
  if (typeof value === 'object') {
    const serial = spreadsheetSerial(value.dateTime);
    return serial === null
      ? cellXml(reference, value.dateTime, shared, style)
      : `<c r="${reference}" s="${STYLE_DATE_TIME}"><v>${serial}</v></c>`;
  }
  const index = shared?.indexOf(value);
  return index === undefined
    ? `<c r="${reference}" t="inlineStr"${styled}><is><t${spaceOf(value)}>${escapeXml(value)}</t></is></c>`
    : `<c r="${reference}" t="s"${styled}><v>${index}</v></c>`;
}

/** One row of the sheet (`number` counts from 1). */
export function rowXml(
  number: number,
  cells: readonly XlsxCell[],
  { style, shared, inlineColumns }: RowStyle = {},
): string {
  let xml = `<row r="${number}">`;
  for (let index = 0; index < cells.length; index++) {
    const table = inlineColumns?.has(index) ? undefined : shared;
    xml += cellXml(columnName(index) + number, cells[index], table, style);
  }
  return `${xml}</row>`;
}

/**
 * A workbook of one sheet: `header` (bold, kept in view when scrolling), then the rows `add` is given, in order, each
 * handed to `sink` in pieces as the workbook's ZIP grows (its sheet deflated by zlib); `end` finishes it.
 */
export class XlsxSheetWriter {
  private readonly zip: StreamingZip;
  private readonly sheet: ZipFile;
  /** Every file of the workbook, each deflated on its own: the workbook is whole once all are handed on. */
  private readonly files: ZipFile[] = [];
  private rows = 0;
  private failure: Error | null = null;
  private readonly ahead = new OneBatchAhead();
  private readonly shared = new SharedStrings(SHARED_STRINGS_ROOM);
  private readonly inlineColumns: ReadonlySet<number>;

  /** `inlineColumns`: the columns whose texts are each written once (a row's own id), kept out of the shared table. */
  constructor(
    sheetName: string,
    header: readonly string[],
    sink: FileSink,
    inlineColumns: readonly number[] = [],
  ) {
    this.inlineColumns = new Set(inlineColumns);
    this.zip = new StreamingZip(
      (chunk, final) => sink.push(chunk, final),
      new Date(),
      (error) => (this.failure = error),
    );
    for (const [path, text] of Object.entries(workbookParts(sheetName)))
      this.file(path).push(strToU8(text), true);
    // The sheet is most of the work and the bytes: zlib's fastest level costs a third of its default's time here
    // (two years of trials) for a workbook about a fifth larger.
    this.sheet = this.file('xl/worksheets/sheet1.xml', { level: 1 });
    this.sheet.push(
      strToU8(
        `${XML_HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>`,
      ),
    );
    this.sheet.push(strToU8(rowXml(++this.rows, header, { style: STYLE_HEADER })));
  }

  /** Adds rows; resolves once the rows added before them are compressed and handed on (`OneBatchAhead`). */
  async add(rows: ReadonlyArray<readonly XlsxCell[]>): Promise<void> {
    this.write(rows);
    await this.ahead.after(this.settled());
  }

  /**
   * Finishes the workbook; resolves once all of it is handed on: every file deflated (the shared strings last, on
   * zlib's threads like the others), then the ZIP's directory, which follows the last file at once.
   */
  async end(): Promise<void> {
    this.sheet.push(strToU8('</sheetData></worksheet>'), true);
    this.file('xl/sharedStrings.xml').push(strToU8(this.shared.xml()), true);
    this.zip.end();
    await this.ahead.after(this.settled());
    await this.ahead.all();
    await Promise.all(this.files.map((file) => file.settled()));
    if (this.failure) throw this.failure;
  }

  private file(path: string, options?: { level?: number }): ZipFile {
    const file = this.zip.file(path, options);
    this.files.push(file);
    return file;
  }

  private async settled(): Promise<void> {
    await this.sheet.settled();
    if (this.failure) throw this.failure;
  }

  private write(rows: ReadonlyArray<readonly XlsxCell[]>): void {
    let xml = '';
    for (const cells of rows)
      xml += rowXml(++this.rows, cells, { shared: this.shared, inlineColumns: this.inlineColumns });
    if (xml) this.sheet.push(strToU8(xml));
  }
}
