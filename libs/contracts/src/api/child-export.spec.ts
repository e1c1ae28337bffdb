import { childExportFileName, ChildExportMessages, childExportQuerySchema } from './child-export.js';

describe('the child export query', () => {
  it('is csv in Romanian over all the data when nothing is asked', () => {
    expect(childExportQuerySchema.parse({})).toEqual({ format: 'csv', lang: 'ro' });
  });

  it('takes xlsx, English and a period of local days', () => {
    expect(
      childExportQuerySchema.parse({ format: 'xlsx', lang: 'en', from: '2026-01-01', to: '2026-03-31' }),
    ).toEqual({
      format: 'xlsx',
      lang: 'en',
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it.each([
    [{ format: 'pdf' }, ChildExportMessages.formatInvalid],
    [{ lang: 'fr' }, ChildExportMessages.languageInvalid],
    [{ from: '2026-02-30' }, ChildExportMessages.dateRangeInvalid],
    [{ to: 'yesterday' }, ChildExportMessages.dateRangeInvalid],
  ])('refuses %j with its message', (query, message) => {
    const parsed = childExportQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].message).toBe(message);
  });
});

describe('the export file name', () => {
  it('carries the first name without diacritics and the period', () => {
    expect(childExportFileName('Ștefan-Țăruș', '2026-01-01', '2026-03-31')).toBe(
      'aba-date-stefan-tarus-din-2026-01-01-pana-la-2026-03-31.zip',
    );
    expect(childExportFileName('Ana Maria')).toBe('aba-date-ana-maria.zip');
    expect(childExportFileName('Ion', undefined, '2026-05-01')).toBe('aba-date-ion-pana-la-2026-05-01.zip');
  });

  it('names a child whose name has no letters it can keep', () => {
    expect(childExportFileName('李')).toBe('aba-date-copil.zip');
  });
});
