import { childExportPath, childReportPath, exportLanguageOf } from './reports-view.js';

describe('the reports page', () => {
  it('asks for the chosen format, language and period', () => {
    expect(
      childExportPath('42', { format: 'xlsx', language: 'en', from: '2026-01-01', to: '2026-03-31' }),
    ).toBe('/api/child/42/export?format=xlsx&lang=en&from=2026-01-01&to=2026-03-31');
  });

  it('leaves an empty day out: the period is open on that side', () => {
    expect(childExportPath('42', { format: 'csv', language: 'ro', from: '', to: '2026-03-31' })).toBe(
      '/api/child/42/export?format=csv&lang=ro&to=2026-03-31',
    );
    expect(childExportPath('a/b', { format: 'csv', language: 'ro', from: '', to: '' })).toBe(
      '/api/child/a%2Fb/export?format=csv&lang=ro',
    );
  });

  it('asks for a report in the chosen language and period, open where a day is empty', () => {
    expect(childReportPath('42', 'parent', { language: 'ro', from: '2026-09-01', to: '2026-11-30' })).toBe(
      '/api/child/42/report/parent?lang=ro&from=2026-09-01&to=2026-11-30',
    );
    expect(childReportPath('42', 'parent', { language: 'en', from: '', to: '' })).toBe(
      '/api/child/42/report/parent?lang=en',
    );
  });

  it('writes the files in the screen’s language, Romanian unless it is English', () => {
    expect(exportLanguageOf('en')).toBe('en');
    expect(exportLanguageOf('en-GB')).toBe('en');
    expect(exportLanguageOf('ro')).toBe('ro');
    expect(exportLanguageOf('fr')).toBe('ro');
  });
});
