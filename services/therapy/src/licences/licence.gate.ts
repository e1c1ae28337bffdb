import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { LicenceMissing } from '../child-access/child-access.errors.js';
import type { ChildAccessGrant, ChildGate } from '../child-access/child-access.types.js';

export const LICENCE_GATE = 'licence';

/**
 * A child's data is open only while the child holds an active licence (402 `Child subscription not found`).
 * The child's own record, the list of children and deleting the child are exempt, so the shell can show the
 * frame and send the user to billing.
 */
@Injectable()
export class LicenceGate implements ChildGate {
  readonly name = LICENCE_GATE;

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async check(grant: ChildAccessGrant): Promise<void> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute('select 1 from "therapy"."child_licence" where "child_id" = ? limit 1', [grant.childId]);
    if (rows.length === 0) throw new LicenceMissing();
  }
}
