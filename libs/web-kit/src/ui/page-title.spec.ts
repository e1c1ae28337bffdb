import { composePageTitle, PRODUCT_NAME } from './page-title.js';

describe('composePageTitle', () => {
  it('is the product name while no heading names the page', () => {
    expect(composePageTitle([])).toBe(PRODUCT_NAME);
    expect(composePageTitle([{ level: 1, text: '  ' }])).toBe('ABA Tracker');
  });

  it('is the page heading, then the product', () => {
    expect(composePageTitle([{ level: 1, text: 'Autentificare' }])).toBe('Autentificare · ABA Tracker');
  });

  it('puts the most specific heading first (a child page under the child name) and keeps text on one line', () => {
    expect(
      composePageTitle([
        { level: 1, text: 'Andrei\n  Popescu' },
        { level: 2, text: 'Planuri' },
      ]),
    ).toBe('Planuri · Andrei Popescu · ABA Tracker');
  });
});
