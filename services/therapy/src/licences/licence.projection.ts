import { Injectable } from '@nestjs/common';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';
import { ChildLicence } from './child-licence.entity.js';

/**
 * Keeps therapy's licence gate in step with billing: a licence taken back is kept with its end. Both go to the child's
 * audit trail, made by the platform (billing's events name no person).
 */
@Injectable()
export class LicenceProjection {
  @OnEvent(Subjects.LicenseAssignedV1)
  async onAssigned(
    data: EventPayload<typeof Subjects.LicenseAssignedV1>,
    { envelope, em }: EventHandlerContext,
  ) {
    await em.upsert(ChildLicence, {
      childSubscriptionId: data.childSubscriptionId,
      childId: data.childId,
      assignedAt: new Date(envelope.occurredAt),
      endedAt: null,
    });
    await recordAudit(em, {
      childId: data.childId,
      actorId: null,
      kind: 'LICENCE_ADDED',
      entityId: data.childSubscriptionId,
    });
  }

  @OnEvent(Subjects.LicenseRevokedV1)
  async onRevoked(
    data: EventPayload<typeof Subjects.LicenseRevokedV1>,
    { envelope, em }: EventHandlerContext,
  ) {
    const ended = await em.nativeUpdate(
      ChildLicence,
      { childSubscriptionId: data.childSubscriptionId, endedAt: null },
      { endedAt: new Date(envelope.occurredAt) },
    );
    if (ended > 0) {
      await recordAudit(em, {
        childId: data.childId,
        actorId: null,
        kind: 'LICENCE_REMOVED',
        entityId: data.childSubscriptionId,
      });
    }
  }
}
