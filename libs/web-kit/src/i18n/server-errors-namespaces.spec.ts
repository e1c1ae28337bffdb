import i18next from 'i18next';
import { translateServerError } from './server-errors.js';

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    fallbackLng: 'en',
    resources: {
      ro: {
        billing: { errors: { 'License not found': 'Licența nu a fost găsită' } },
        common: { errors: { 'Not found': 'Nu a fost găsit', unknown: 'Eroare' } },
      },
      en: {
        billing: { errors: { 'License not found': 'License not found', 'Only in en': 'Only in English.' } },
        common: { errors: { 'Not found': 'Not found', unknown: 'Something went wrong' } },
      },
    },
  });
  return i18n;
}

describe('translateServerError with a remote namespace', () => {
  it('uses the namespace map first, then common:errors, then the text as sent', async () => {
    const i18n = await instance('ro');
    expect(translateServerError(i18n, { status: 404, data: { error: 'License not found' } }, ['billing'])).toBe(
      'Licența nu a fost găsită',
    );
    expect(translateServerError(i18n, { status: 404, data: { error: 'Not found' } }, ['billing'])).toBe(
      'Nu a fost găsit',
    );
    expect(translateServerError(i18n, 'Something new', ['billing'])).toBe('Something new');
    expect(translateServerError(i18n, undefined, ['billing'])).toBe('Eroare');
  });
  it('falls back to the fallback language map', async () => {
    const i18n = await instance('ro');
    expect(translateServerError(i18n, { error: 'Only in en' }, ['billing'])).toBe('Only in English.');
  });
});
