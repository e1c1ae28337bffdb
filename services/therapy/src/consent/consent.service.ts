import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  CONSENT_VERSION,
  ConsentMessages,
  type ChildConsent,
  type ConsentResponse,
  type GiveConsentRequest,
} from '@aba/contracts/api';
import { Conflict, ValidationFailed } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { consentOf, recordConsent, withdrawConsent } from './consent.queries.js';

/** 400 unless `version` is the consent text's current one: an owner agrees to the text they were shown. */
export function requireCurrentVersion(version: string): void {
  if (version.trim() !== CONSENT_VERSION) throw new ValidationFailed(ConsentMessages.versionOutdated);
}

/** The owner's consent to the child's data (issue 17, ADR 0046): read, given (again), withdrawn. */
@Injectable()
export class ConsentService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  async get(grant: ChildAccessGrant): Promise<ConsentResponse> {
    return { consent: await consentOf(this.em, grant.childId), current_version: CONSENT_VERSION };
  }

  /** Records the owner's consent to the current text, ending a withdrawal. */
  give(grant: ChildAccessGrant, { version }: Required<GiveConsentRequest>): Promise<ChildConsent> {
    requireCurrentVersion(version);
    return this.em.transactional(async (em) => {
      const before = await consentOf(em, grant.childId);
      const consent = await recordConsent(em, grant.childId, grant.userId, CONSENT_VERSION);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'CONSENT_GIVEN',
        before: before && { version: before.version, status: before.withdrawn_at ? 'WITHDRAWN' : 'GIVEN' },
        after: { version: consent.version, status: 'GIVEN' },
      });
      return consent;
    });
  }

  /** Withdraws the consent in force: the child's data becomes read-only. 409 when there is none. */
  async withdraw(grant: ChildAccessGrant): Promise<ChildConsent> {
    return this.em.transactional(async (em) => {
      const withdrawn = await withdrawConsent(em, grant.childId, grant.userId);
      if (!withdrawn) throw new Conflict(ConsentMessages.notWithdrawable);
      await recordAudit(em, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'CONSENT_WITHDRAWN',
        before: { version: withdrawn.version, status: 'GIVEN' },
        after: { version: withdrawn.version, status: 'WITHDRAWN' },
      });
      return withdrawn;
    });
  }
}
