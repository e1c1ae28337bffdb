import { composePageTitle, PRODUCT_NAME, refinesPageTitle } from './page-title.js';

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

describe('refinesPageTitle', () => {
  it('is a more specific heading put in front of the same title', () => {
    expect(refinesPageTitle('Progres · Andrei Popescu · ABA Tracker', 'Andrei Popescu · ABA Tracker')).toBe(
      true,
    );
  });

  it('is not another page, a change of language, nor anything after nothing was said', () => {
    expect(
      refinesPageTitle('Planuri · Andrei Popescu · ABA Tracker', 'Progres · Andrei Popescu · ABA Tracker'),
    ).toBe(false);
    expect(
      refinesPageTitle('Progress · Andrei Popescu · ABA Tracker', 'Progres · Andrei Popescu · ABA Tracker'),
    ).toBe(false);
    expect(refinesPageTitle('Progres · ABA Tracker', '')).toBe(false);
    expect(refinesPageTitle('Andrei Popescu · ABA Tracker', 'Andrei Popescu · ABA Tracker')).toBe(false);
  });
});
