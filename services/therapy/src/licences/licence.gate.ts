import { Injectable } from '@nestjs/common';
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
  readonly fact = 'exists (select 1 from "therapy"."child_licence" l where l."child_id" = c."id")';

  check(grant: ChildAccessGrant): void {
    if (!grant.facts[LICENCE_GATE]) throw new LicenceMissing();
  }
}
