import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { IdentityMessages } from '@aba/contracts/api';
import { ValidationFailed } from '@aba/server-kit';
import { verifyPassword } from '../crypto/password.js';
import { LoginThrottle } from './login-throttle.js';

/**
 * The current password asked again before a change to a logged-in account (a new password or e-mail, the account's
 * deletion): a guess counts as a failed login of the account, so a stolen session cannot try passwords faster than a
 * login form.
 */
@Injectable()
export class CurrentPassword {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
  ) {}

  /**
   * 400 unless `password` is the account's: a guess counts as a failed login of the account from `address` (the
   * login's limits, 429 past them).
   */
  async check(
    account: { email: string; passwordHash: string },
    password: string,
    address: string,
    now: Date = new Date(),
  ): Promise<void> {
    await this.throttle.admit(this.em, account.email, address, now);
    if (await verifyPassword(password, account.passwordHash)) return;
    await this.throttle.recordFailure(this.em, account.email, address, now);
    throw new ValidationFailed(IdentityMessages.wrongCurrentPassword);
  }
}
