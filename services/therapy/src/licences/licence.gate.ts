import { Injectable } from '@nestjs/common';
import type { ChildAccessGrant, ChildAccessOptions, ChildGate } from '../child-access/child-access.types.js';
import { LicenceMissing } from './licences.errors.js';
import { childHoldsLicence } from './licences.queries.js';

export const LICENCE_GATE = 'licence';

/**
 * A child's calls open without a licence: its own record (the shell shows the frame, then sends the user to
 * billing), deleting it (also how its owner stops paying for it) and restoring it (a deleted child has no licence:
 * billing freed it). `@ChildAccess('read', OPEN_WITHOUT_LICENCE)`.
 */
export const OPEN_WITHOUT_LICENCE = { exempt: [LICENCE_GATE] } as const satisfies ChildAccessOptions;

/**
 * A capture's call (a trial, a behaviour's occurrence, an ABC entry, a session's start or end): the licence it needs is
 * one the child held when it was captured, which the capture itself checks (`licensedCapture`), so that what a phone
 * kept offline past a licence's end still arrives (issue 16). `@ChildAccess('evaluate', LICENCE_AT_CAPTURE_TIME)`.
 */
export const LICENCE_AT_CAPTURE_TIME = { exempt: [LICENCE_GATE] } as const satisfies ChildAccessOptions;

/** A child's data is open only while the child holds an active licence (402 `Child subscription not found`). */
@Injectable()
export class LicenceGate implements ChildGate {
  readonly name = LICENCE_GATE;
  readonly fact = childHoldsLicence;

  check(grant: ChildAccessGrant): void {
    if (!grant.facts[LICENCE_GATE]) throw new LicenceMissing();
  }
}
