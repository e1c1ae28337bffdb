import { Injectable } from '@nestjs/common';
import { ConsentMessages, type ChildAction } from '@aba/contracts/api';
import { Conflict } from '@aba/server-kit';
import type { ChildAccessGrant, ChildGate } from '../child-access/child-access.types.js';
import { consentWithdrawn } from './consent.queries.js';

export const CONSENT_GATE = 'consent';

/** What a withdrawn consent stops: adding to the child's data and changing it. Reading, the team and erasure stay. */
const WRITES: ReadonlySet<ChildAction> = new Set(['evaluate', 'edit']);

/**
 * Once its owner withdrew consent, a child's data is read-only (issue 17, ADR 0046): a capture or a change answers
 * 409 with why. Read with the caller's relation, as the licence's fact (ADR 0030).
 */
@Injectable()
export class ConsentGate implements ChildGate {
  readonly name = CONSENT_GATE;
  readonly fact = consentWithdrawn;

  check(grant: ChildAccessGrant, action: ChildAction): void {
    if (grant.facts[CONSENT_GATE] && WRITES.has(action)) throw new Conflict(ConsentMessages.withdrawn);
  }
}
