import { ACCOUNT_FIELDS, IdentityMessages, type Account } from '@aba/contracts/api';
import {
  ACCOUNT_LANGUAGES,
  accountFormProblems,
  accountFormValues,
  accountProblemsSummary,
  accountUpdateRequest,
  asAccountLanguage,
  firstAccountProblemField,
  languageToSwitchTo,
  stillMarked,
  type AccountFormValues,
} from './account-form.js';

const account: Account = {
  id: '6f1c0c55-3d4e-4f7a-9a53-2a3f5b8e9c10',
  first_name: 'Ana',
  last_name: 'Pop',
  email: 'ana@example.com',
  phone: '0712345678',
  role: 'PARENT',
  language: 'ro',
  date_registered: '2026-11-02T10:00:00.000Z',
};

const filled: AccountFormValues = {
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '0712345678',
  language: 'ro',
};

describe('account form', () => {
  it('starts from the account as the server sent it, without the e-mail and the role', () => {
    expect(accountFormValues(account)).toEqual(filled);
  });

  it('sends the names, the phone and the language, nothing else', () => {
    expect(accountUpdateRequest({ ...filled, language: 'en' })).toEqual({
      first_name: 'Ana',
      last_name: 'Pop',
      phone: '0712345678',
      language: 'en',
    });
  });

  it('offers Romanian, then English', () => {
    expect(ACCOUNT_LANGUAGES).toEqual(['ro', 'en']);
    expect(asAccountLanguage('en')).toBe('en');
    expect(asAccountLanguage('fr')).toBeNull();
  });

  it('accepts a complete form', () => {
    expect(accountFormProblems(filled)).toEqual({});
    expect(accountProblemsSummary({})).toBeNull();
    expect(firstAccountProblemField({})).toBeNull();
  });

  it.each(['first_name', 'last_name', 'phone'] as const)(
    'marks an empty (or blank) %s and sums it up as "Please fill out all the required fields"',
    (name) => {
      const problems = accountFormProblems({ ...filled, [name]: '   ' });
      expect(problems).toEqual({ [name]: IdentityMessages.requiredFields });
      expect(accountProblemsSummary(problems)).toBe(IdentityMessages.requiredFields);
      expect(firstAccountProblemField(problems)).toBe(name);
    },
  );

  it('marks every broken field at once, the focus going to the first in the form', () => {
    const problems = accountFormProblems({ ...filled, first_name: '', phone: '' });
    expect(problems).toEqual({
      first_name: IdentityMessages.requiredFields,
      phone: IdentityMessages.requiredFields,
    });
    expect(firstAccountProblemField(problems)).toBe('first_name');
    expect(ACCOUNT_FIELDS[0]).toBe('first_name');
  });

  it('refuses a language other than Romanian or English with its own message', () => {
    const problems = accountFormProblems({ ...filled, language: 'fr' as AccountFormValues['language'] });
    expect(problems).toEqual({ language: IdentityMessages.invalidLanguage });
    expect(accountProblemsSummary(problems)).toBe(IdentityMessages.invalidLanguage);
  });

  it('says "fill out the required fields" first when a field is empty and the language is wrong too', () => {
    const problems = accountFormProblems({
      ...filled,
      last_name: '',
      language: 'xx' as AccountFormValues['language'],
    });
    expect(accountProblemsSummary(problems)).toBe(IdentityMessages.requiredFields);
    expect(firstAccountProblemField(problems)).toBe('last_name');
  });

  it('unmarks a field once it is corrected, and does not mark fields while they are typed', () => {
    const marked = accountFormProblems({ ...filled, first_name: '', phone: '' });
    expect(stillMarked(marked, { ...filled, phone: '' })).toEqual({ phone: IdentityMessages.requiredFields });
    expect(stillMarked(marked, filled)).toEqual({});
    expect(stillMarked({}, { ...filled, last_name: '' })).toEqual({});
  });

  it('switches the interface only to a language it does not show yet', () => {
    expect(languageToSwitchTo('en', 'ro')).toBe('en');
    expect(languageToSwitchTo('ro', 'ro')).toBeNull();
    expect(languageToSwitchTo('en', 'en')).toBeNull();
  });
});
