import { ErrorMessages } from '@aba/contracts/api';
import {
  BILLING_PATH,
  LICENCE_MISSING_ERROR,
  NO_LICENCE_MESSAGE,
  isLicenceMissing,
  licenceRedirect,
  readBillingPageState,
} from './licence-redirect.js';

describe('the no-licence redirect (spec §4)', () => {
  it('knows the server message of the contracts', () => {
    expect(LICENCE_MISSING_ERROR).toBe(ErrorMessages.licenceMissing);
  });

  it.each([
    ['an RTK Query 402', { status: 402, data: { error: 'Child subscription not found' } }],
    ['a 402 with another body', { status: 402, data: { error: 'Payment required' } }],
    [
      'a 402 whose body is not JSON',
      { status: 'PARSING_ERROR', originalStatus: 402, data: '<html>', error: 'x' },
    ],
    ['the message in a { error } body', { error: 'Child subscription not found' }],
    ['the message as a string', 'Child subscription not found'],
    ['the message in an Error', new Error('Child subscription not found')],
  ])('redirects on %s', (_name, error) => {
    expect(isLicenceMissing(error)).toBe(true);
    expect(licenceRedirect(error)).toEqual({ to: BILLING_PATH, state: { error: NO_LICENCE_MESSAGE } });
  });

  it.each([
    ['404', { status: 404, data: { error: ErrorMessages.childNotFound } }],
    ['403', { status: 403, data: { error: ErrorMessages.noChildAccess } }],
    ['500', { status: 500, data: { error: 'Internal error', id: 'x' } }],
    ['a network failure', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['nothing', undefined],
    ['null', null],
    ['another message', 'Child does not exist'],
  ])('does not redirect on %s', (_name, error) => {
    expect(isLicenceMissing(error)).toBe(false);
    expect(licenceRedirect(error)).toBeNull();
  });

  it('goes to /billing with the message the billing page shows', () => {
    expect(BILLING_PATH).toBe('/billing');
    expect(NO_LICENCE_MESSAGE).toBe('This child has no active licenses. Please add a license!');
    expect(readBillingPageState(licenceRedirect({ status: 402 })?.state)).toEqual({
      error: NO_LICENCE_MESSAGE,
    });
  });

  it('reads the billing page state defensively', () => {
    expect(readBillingPageState(null)).toEqual({});
    expect(readBillingPageState('x')).toEqual({});
    expect(readBillingPageState({ error: '  ' })).toEqual({});
    expect(readBillingPageState({ error: 42, other: 'y' })).toEqual({});
  });
});
