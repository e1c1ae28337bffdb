import { CONSENT_VERSION, type ChildConsent, type ChildRelation } from '@aba/contracts/api';
import { consentChoices, consentNotice } from './consent-view.js';

const given = (version = CONSENT_VERSION, withdrawn = false): ChildConsent => ({
  version,
  given_by: '0b9f5a2e-6a53-4a39-9a3c-1f7f2c4d5e61',
  given_at: '2026-11-01T10:00:00.000Z',
  withdrawn_at: withdrawn ? '2026-11-10T10:00:00.000Z' : null,
});
const RELATIONS: ChildRelation[] = ['OWNER', 'ADMIN', 'THERAPIST'];

describe('consentNotice', () => {
  it('tells everyone a withdrawal, whatever the version', () => {
    for (const relation of RELATIONS) {
      expect(consentNotice({ consent: given(CONSENT_VERSION, true), relation })).toBe('withdrawn');
      expect(consentNotice({ consent: given('2020-01', true), relation })).toBe('withdrawn');
    }
  });

  it('asks the owner while none was given, and again when the text changed since', () => {
    expect(consentNotice({ consent: null, relation: 'OWNER' })).toBe('asked');
    expect(consentNotice({ consent: given('2020-01'), relation: 'OWNER' })).toBe('changed');
    expect(consentNotice({ consent: given('2026-11'), relation: 'OWNER' }, '2027-03')).toBe('changed');
  });

  it('says nothing while the current text’s consent is in force, nor asks anyone but the owner', () => {
    expect(consentNotice({ consent: given(), relation: 'OWNER' })).toBeNull();
    for (const relation of ['ADMIN', 'THERAPIST'] as const) {
      expect(consentNotice({ consent: null, relation })).toBeNull();
      expect(consentNotice({ consent: given('2020-01'), relation })).toBeNull();
    }
  });
});

describe('consentChoices', () => {
  it('lets the owner agree while none is in force, and withdraw one that is', () => {
    expect(consentChoices(null, true)).toEqual({
      agree: true,
      withdraw: false,
      changed: false,
      afterWithdrawal: false,
    });
    expect(consentChoices(given(), true)).toEqual({
      agree: false,
      withdraw: true,
      changed: false,
      afterWithdrawal: false,
    });
  });

  it('lets the owner agree to the current text when the one in force is older, or withdraw it', () => {
    expect(consentChoices(given('2020-01'), true)).toEqual({
      agree: true,
      withdraw: true,
      changed: true,
      afterWithdrawal: false,
    });
  });

  it('offers the owner their data and the child’s deletion once withdrawn, and agreeing again', () => {
    expect(consentChoices(given(CONSENT_VERSION, true), true)).toEqual({
      agree: true,
      withdraw: false,
      changed: false,
      afterWithdrawal: true,
    });
  });

  it('offers the rest of the team nothing but the reading', () => {
    for (const consent of [null, given(), given('2020-01'), given(CONSENT_VERSION, true)]) {
      const choices = consentChoices(consent, false);
      expect([choices.agree, choices.withdraw, choices.afterWithdrawal]).toEqual([false, false, false]);
    }
  });
});
