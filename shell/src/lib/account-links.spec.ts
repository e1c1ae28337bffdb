import { AccountDeletionMessages } from '@aba/contracts/api';
import {
  ACCOUNT_DELETED_LOGIN_PATH,
  coordinatorsPath,
  loginPageNotice,
  MY_DATA_PATH,
} from './account-links.js';

describe('loginPageNotice', () => {
  it('says the account was deleted on the address the deletion leads to', () => {
    expect(loginPageNotice(new URL(ACCOUNT_DELETED_LOGIN_PATH, 'https://aba.example').search)).toBe(
      AccountDeletionMessages.deleted,
    );
  });

  it('says nothing otherwise: no text comes from the address', () => {
    for (const search of [
      '',
      '?account=other',
      '?message=Your%20account%20was%20deleted',
      '?from=/account',
    ]) {
      expect(loginPageNotice(search)).toBeUndefined();
    }
  });
});

describe('links between the shell’s features', () => {
  it('lead to the "my data" section and a child’s coordinators', () => {
    expect(MY_DATA_PATH).toBe('/account#my-data');
    expect(coordinatorsPath('a b')).toBe('/child/a%20b/coordinators');
  });
});
