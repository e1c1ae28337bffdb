import { acceptsGzip } from './detailed-views.controller.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip, deflate, br', true],
    ['br;q=1.0, GZIP;q=0.5', true],
    ['*', true],
    ['gzip;q=0, *', false],
    ['gzip;q=0.000', false],
    ['deflate, br', false],
    ['identity', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (header, accepted) => {
    expect(acceptsGzip(header)).toBe(accepted);
  });
});
