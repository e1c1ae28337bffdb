import { CSV_DIALECTS, csvField, exportCsv, UTF8_BOM } from './csv.js';

describe('the export CSV writer', () => {
  it('writes null as an empty field, numbers and booleans as they are', () => {
    expect([null, 0, -2.5, true, false].map((value) => csvField(value))).toEqual([
      '',
      '0',
      '-2.5',
      'true',
      'false',
    ]);
  });

  it('leaves plain text alone, diacritics included', () => {
    expect(csvField('Ștefan Ionescu-Țăranu')).toBe('Ștefan Ionescu-Țăranu');
    expect(csvField('')).toBe('');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling its quotes (RFC 4180)', () => {
    expect(csvField('Popescu, Ana')).toBe('"Popescu, Ana"');
    expect(csvField('a "quoted" word')).toBe('"a ""quoted"" word"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
  });

  it('puts a quote before text a spreadsheet would run as a formula', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+40 712 345 678')).toBe("'+40 712 345 678");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    expect(csvField('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes a BOM, a header row and a record per row in the columns’ order, each ending in CRLF', () => {
    const csv = exportCsv({
      columns: ['name', 'age', 'note'],
      rows: [
        { note: 'Iași, România', age: 7, name: 'Ana' },
        { name: 'Ion', age: null, note: null },
      ],
    });
    expect(csv).toBe(`${UTF8_BOM}name,age,note\r\nAna,7,"Iași, România"\r\nIon,,\r\n`);
  });

  it('writes the header alone for a table without rows, and an empty field for a key a row lacks', () => {
    expect(exportCsv({ columns: ['a', 'b'], rows: [] })).toBe(`${UTF8_BOM}a,b\r\n`);
    expect(exportCsv({ columns: ['a', 'b'], rows: [{ a: 1 }] })).toBe(`${UTF8_BOM}a,b\r\n1,\r\n`);
  });

  describe('in the Romanian dialect (Excel set to Romanian opens it by double-click)', () => {
    const ro = CSV_DIALECTS.ro;

    it('separates fields with ";" and writes numbers with a decimal comma', () => {
      expect(exportCsv({ columns: ['nume', 'minute'], rows: [{ nume: 'Ștefan', minute: 12.5 }] }, ro)).toBe(
        `${UTF8_BOM}nume;minute\r\nȘtefan;12,5\r\n`,
      );
      expect(csvField(-0.25, ro)).toBe('-0,25');
      expect(csvField(40, ro)).toBe('40');
    });

    it('quotes a field holding ";" or ",", and leaves "." alone', () => {
      expect(csvField('Iași; Cluj', ro)).toBe('"Iași; Cluj"');
      expect(csvField('Popescu, Ana', ro)).toBe('"Popescu, Ana"');
      expect(csvField('v1.2', ro)).toBe('v1.2');
    });

    it('still puts a quote before a formula', () => {
      expect(csvField('=1;2', ro)).toBe('"\'=1;2"');
    });
  });
});
