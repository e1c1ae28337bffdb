import { SUBSCRIPTION_STATUSES } from '@aba/contracts/api';
import {
  createSubscriptionBody,
  EMPTY_CREATE_FORM,
  isSubscriptionStatus,
  needsConfirmation,
  STATUS_OPTIONS,
  subscriptionUserName,
} from './subscriptions.js';

describe('subscription statuses', () => {
  it('offers exactly the contract statuses: active, canceled, paused', () => {
    expect([...STATUS_OPTIONS]).toEqual(['active', 'canceled', 'paused']);
    expect([...STATUS_OPTIONS]).toEqual([...SUBSCRIPTION_STATUSES]);
    expect(isSubscriptionStatus('paused')).toBe(true);
    expect(isSubscriptionStatus('ACTIVE')).toBe(false);
  });

  it('asks before canceling or pausing (the licences are taken back), not before activating', () => {
    expect(needsConfirmation('canceled')).toBe(true);
    expect(needsConfirmation('paused')).toBe(true);
    expect(needsConfirmation('active')).toBe(false);
  });
});

describe('subscriptionUserName', () => {
  it('joins the names without stray spaces', () => {
    expect(subscriptionUserName({ user_first_name: 'Ion', user_last_name: 'Rus' })).toBe('Ion Rus');
    expect(subscriptionUserName({ user_first_name: ' Ion ', user_last_name: '' })).toBe('Ion');
  });
});

describe('createSubscriptionBody', () => {
  it('trims, sends a whole quantity as a number and an empty Stripe id as null', () => {
    expect(createSubscriptionBody({ userEmail: ' a@b.ro ', quantity: ' 3 ', stripeId: '  ' })).toEqual({
      user_email: 'a@b.ro',
      quantity: 3,
      stripe_id: null,
    });
    expect(
      createSubscriptionBody({ userEmail: 'a@b.ro', quantity: '1', stripeId: ' sub_123 ' }).stripe_id,
    ).toBe('sub_123');
  });
  it('leaves an unusable quantity as typed for the server to reject', () => {
    expect(createSubscriptionBody({ ...EMPTY_CREATE_FORM, quantity: '' }).quantity).toBe('');
    expect(createSubscriptionBody({ ...EMPTY_CREATE_FORM, quantity: '1.5' }).quantity).toBe('1.5');
    expect(createSubscriptionBody(EMPTY_CREATE_FORM).quantity).toBe(1);
  });
});
