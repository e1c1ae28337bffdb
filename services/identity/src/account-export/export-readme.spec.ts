import { UTF8_BOM } from '@aba/server-kit';
import { exportReadme } from './export-readme.js';

describe('the export README', () => {
  const readme = exportReadme({
    madeAt: new Date('2026-12-30T09:15:00.000Z'),
    email: 'ioana.marin@example.com',
    files: [
      { path: 'identity.json', description: 'Everything identity keeps about you, as JSON.' },
      {
        path: 'identity/account.csv',
        description: 'Your account.',
        columns: ['id', 'first_name', 'email'],
      },
    ],
  });

  it('says what the export is, when it was made and for whom, in Romanian first and then in English', () => {
    const romanian = readme.indexOf('Această arhivă conține datele');
    const english = readme.indexOf('This archive holds the data');
    expect(romanian).toBeGreaterThan(0);
    expect(english).toBeGreaterThan(romanian);
    expect(readme).toContain('Generată la: 2026-12-30T09:15:00.000Z');
    expect(readme).toContain('Made at: 2026-12-30T09:15:00.000Z');
    expect(readme).toContain('Pentru contul: ioana.marin@example.com');
    expect(readme).toContain('For the account: ioana.marin@example.com');
  });

  it('lists every file after both texts, with what it holds and a CSV file’s columns', () => {
    const files = readme.indexOf('FILES IN THIS ARCHIVE');
    expect(files).toBeGreaterThan(readme.indexOf('This archive holds the data'));
    expect(readme.slice(files)).toContain(
      'identity.json\r\n    Everything identity keeps about you, as JSON.\r\n\r\n' +
        'identity/account.csv\r\n    Your account.\r\n    Coloane / Columns: id, first_name, email\r\n',
    );
  });

  it('starts with a UTF-8 byte order mark and ends its lines in CRLF', () => {
    expect(readme.startsWith(UTF8_BOM)).toBe(true);
    expect(readme.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
