import i18next from 'i18next';
import { errorMessageOf, lookupServerError, NETWORK_ERROR, translateServerError } from './server-errors.js';

const ro = { errors: { 'Child does not exist': 'Copilul nu există', unknown: 'A apărut o eroare.' } };
const en = {
  errors: {
    'Child does not exist': 'Child does not exist',
    'Not found': 'Not found (en)',
    unknown: 'Something went wrong.',
  },
};

describe('lookupServerError', () => {
  const map = {
    'Child does not exist': 'Copilul nu există',
    "You don't have access to this child": 'Nu aveți acces',
  };

  it('finds a message by exact text, dots and apostrophes included', () => {
    expect(lookupServerError(map, 'Child does not exist')).toBe('Copilul nu există');
    expect(lookupServerError(map, "You don't have access to this child")).toBe('Nu aveți acces');
  });
  it('is exact: no trimming, no case folding', () => {
    expect(lookupServerError(map, 'child does not exist')).toBeUndefined();
    expect(lookupServerError(map, 'Child does not exist ')).toBeUndefined();
  });
  it('ignores inherited properties and missing maps', () => {
    expect(lookupServerError(map, 'toString')).toBeUndefined();
    expect(lookupServerError(undefined, 'Child does not exist')).toBeUndefined();
  });
});

describe('errorMessageOf', () => {
  it('reads RTK Query HTTP errors', () => {
    expect(errorMessageOf({ status: 404, data: { error: 'Child does not exist' } })).toBe(
      'Child does not exist',
    );
  });
  it('maps network failures to the network message', () => {
    expect(errorMessageOf({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      NETWORK_ERROR,
    );
  });
  it('reads bodies, Errors and strings', () => {
    expect(errorMessageOf({ error: 'Internal error' })).toBe('Internal error');
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
    expect(errorMessageOf('Not found')).toBe('Not found');
  });
  it('returns undefined when there is nothing to show', () => {
    expect(errorMessageOf(undefined)).toBeUndefined();
    expect(errorMessageOf({ status: 500, data: '<html>' })).toBeUndefined();
  });
});

describe('translateServerError', () => {
  async function instance(lng: string) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      fallbackLng: 'en',
      defaultNS: 'common',
      resources: { ro: { common: ro }, en: { common: en } },
    });
    return i18n;
  }

  it('translates into the current language', async () => {
    const i18n = await instance('ro');
    expect(translateServerError(i18n, { status: 404, data: { error: 'Child does not exist' } })).toBe(
      ro.errors['Child does not exist'],
    );
    expect(ro.errors['Child does not exist']).not.toBe('Child does not exist');
  });

  it('falls back to the English text when Romanian lacks one', async () => {
    const i18n = await instance('ro');
    expect(translateServerError(i18n, 'Not found')).toBe('Not found (en)');
  });

  it('keeps an unknown message as sent, and uses the generic text when there is none', async () => {
    const i18n = await instance('ro');
    expect(translateServerError(i18n, { error: 'Something new' })).toBe('Something new');
    expect(translateServerError(i18n, undefined)).toBe(ro.errors.unknown);
  });
});
