import { preferredListLanguage } from './language.js';

describe('language of the selectable lists', () => {
  it.each([
    [undefined, 'ro'],
    ['', 'ro'],
    ['ro', 'ro'],
    ['ro-RO,ro;q=0.9,en;q=0.8', 'ro'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['EN-us,en;q=0.9', 'en'],
    ['en-US,en;q=0.9,ro;q=0.8', 'en'],
    ['ro;q=0.5,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.5', 'en'],
    ['de', 'ro'],
    ['*', 'ro'],
    ['en;q=0', 'ro'],
    ['en;q=abc', 'ro'],
    [';;;,,,', 'ro'],
    [['en', 'ro'], 'en'],
  ])('%j → %s', (header, language) => {
    expect(preferredListLanguage(header as string | string[] | undefined)).toBe(language);
  });
});
