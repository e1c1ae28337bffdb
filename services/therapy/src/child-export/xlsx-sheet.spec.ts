import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import {
  columnName,
  escapeXml,
  rowXml,
  SharedStrings,
  spreadsheetSerial,
  XlsxSheetWriter,
  type XlsxCell,
} from './xlsx-sheet.js';

async function workbook(name: string, header: string[], rows: XlsxCell[][]): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const sheet = new XlsxSheetWriter(name, header, {
    push: (chunk) => chunks.push(chunk),
    settled: async () => undefined,
  });
  await sheet.add(rows.slice(0, 1));
  await sheet.add(rows.slice(1));
  await sheet.end();
  return Buffer.concat(chunks);
}

describe('the XLSX sheet writer', () => {
  it('names columns as a spreadsheet does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });

  it('counts days as the spreadsheet does: 1900-01-01 is 1, noon is half a day', () => {
    expect(spreadsheetSerial('1900-03-01 00:00:00')).toBe(61);
    expect(spreadsheetSerial('2026-03-29 12:00:00')).toBe(46110.5);
    expect(spreadsheetSerial('not a date')).toBeNull();
  });

  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml('a < b & "c" > d')).toBe('a &lt; b &amp; &quot;c&quot; &gt; d');
    expect(escapeXml('bell\u0007 tab\t ok')).toBe('bell tab\t ok');
    expect(escapeXml('ș ț ă î â 😀')).toBe('ș ț ă î â 😀');
  });

  it('writes text inline (keeping its edge spaces), numbers as values, a time as a date, leaves empty cells out', () => {
    expect(rowXml(3, ['Ana', 12.5, null, { dateTime: '2026-01-01 00:00:00' }, ' ok'])).toBe(
      '<row r="3"><c r="A3" t="inlineStr"><is><t>Ana</t></is></c><c r="B3"><v>12.5</v></c>' +
        '<c r="D3" s="1"><v>46023</v></c><c r="E3" t="inlineStr"><is><t xml:space="preserve"> ok</t></is></c></row>',
    );
  });

  it('makes a workbook a spreadsheet reads back, with the header bold and times as dates', async () => {
    const bytes = await workbook(
      'Încercări: [toate]',
      ['Nume', 'Minute', 'La', 'Notă'],
      [
        ['Ștefan <Țăran>', 12.5, { dateTime: '2026-03-29 04:30:00' }, '  două spații'],
        [null, -1, null, 'după două goale'],
      ],
    );
    expect(Object.keys(unzipSync(bytes))).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/sharedStrings.xml',
    ]);
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const sheet = read.worksheets[0];
    expect(sheet.name).toBe('Încercări   toate ');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nume', 'Minute', 'La', 'Notă']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).value).toBe('Ștefan <Țăran>');
    expect(sheet.getRow(2).getCell(2).value).toBe(12.5);
    expect(sheet.getRow(2).getCell(3).value).toEqual(new Date('2026-03-29T04:30:00.000Z'));
    expect(sheet.getRow(2).getCell(4).value).toBe('  două spații');
    expect(sheet.getRow(3).getCell(1).value).toBeNull();
    expect(sheet.getRow(3).getCell(2).value).toBe(-1);
    expect(sheet.getRow(3).getCell(4).value).toBe('după două goale');
    expect(strFromU8(unzipSync(bytes)['xl/worksheets/sheet1.xml'])).toContain('state="frozen"');
  });

  it('writes a repeated text once, in the shared table, while the table has room; a row’s own id stays inline', async () => {
    const shared = new SharedStrings(2);
    const row = rowXml(2, ['id-1', 'DA', 'Ana', 'Ion', 'DA'], { shared, inlineColumns: new Set([0]) });
    expect(row).toBe(
      '<row r="2"><c r="A2" t="inlineStr"><is><t>id-1</t></is></c><c r="B2" t="s"><v>0</v></c>' +
        '<c r="C2" t="s"><v>1</v></c><c r="D2" t="inlineStr"><is><t>Ion</t></is></c><c r="E2" t="s"><v>0</v></c></row>',
    );
    expect(shared.xml()).toContain('uniqueCount="2"><si><t>DA</t></si><si><t>Ana</t></si></sst>');

    const bytes = await workbook(
      'Foaie',
      ['ID', 'Rezultat'],
      [
        ['a', 'DA'],
        ['b', 'NU'],
        ['c', 'DA'],
      ],
    );
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
    const values = [2, 3, 4].map((n) => read.worksheets[0].getRow(n).values);
    expect(values).toEqual([
      [undefined, 'a', 'DA'],
      [undefined, 'b', 'NU'],
      [undefined, 'c', 'DA'],
    ]);
  });
});
