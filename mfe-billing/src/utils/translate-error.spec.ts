import i18next from 'i18next';
import { translateErrorIn } from './translate-error.js';

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

describe('translateErrorIn', () => {
  it('uses the namespace map first, then common:errors, then the text as sent', async () => {
    const i18n = await instance('ro');
    expect(translateErrorIn(i18n, 'billing', { status: 404, data: { error: 'License not found' } })).toBe(
      'Licența nu a fost găsită',
    );
    expect(translateErrorIn(i18n, 'billing', { status: 404, data: { error: 'Not found' } })).toBe(
      'Nu a fost găsit',
    );
    expect(translateErrorIn(i18n, 'billing', 'Something new')).toBe('Something new');
    expect(translateErrorIn(i18n, 'billing', undefined)).toBe('Eroare');
  });
  it('falls back to the fallback language map', async () => {
    const i18n = await instance('ro');
    expect(translateErrorIn(i18n, 'billing', { error: 'Only in en' })).toBe('Only in English.');
  });
});
