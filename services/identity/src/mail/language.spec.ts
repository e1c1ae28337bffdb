import { pickLanguage } from './language.js';

describe('pickLanguage (Accept-Language)', () => {
  it.each([
    [undefined, 'ro'],
    ['', 'ro'],
    ['ro-RO,ro;q=0.9,en-US;q=0.8,en;q=0.7', 'ro'],
    ['en-US,en;q=0.9,ro;q=0.8', 'en'],
    ['en', 'en'],
    ['EN-gb', 'en'],
    ['ro', 'ro'],
    ['fr-FR,fr;q=0.9', 'ro'],
    ['fr-FR,en;q=0.5', 'en'],
    ['ro;q=0.5,en;q=0.8', 'en'],
    ['en;q=0,ro', 'ro'],
    ['en;q=0', 'ro'],
    ['ro,en', 'ro'],
    ['en,ro', 'en'],
    ['*', 'ro'],
    ['en;q=abc', 'ro'],
    [';;;,,,', 'ro'],
  ] as const)('%p → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it('accepts a repeated header', () => {
    expect(pickLanguage(['en-US', 'ro;q=0.1'])).toBe('en');
  });
});
