import { Injectable } from '@nestjs/common';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, sqlRows, type EventHandlerContext } from '@aba/server-kit';
import { recordAudit } from '../audit-trail/audit-trail.js';

/**
 * Keeps therapy's licence gate in step with billing: a licence taken back is kept with its end. Both go to the child's
 * audit trail, made by the platform (billing's events name no person).
 *
 * Billing assigns a licence once and takes it back at most once, but the two events may be handled in either order:
 * replicas share the durable consumer, and an assignment whose handler died is delivered again after the revocation
 * that followed it. So each event writes only its own half of the row: the assignment its start (the end, if already
 * known, stays), the revocation its end (with a stand-in start until the assignment's arrives).
 */
@Injectable()
export class LicenceProjection {
  @OnEvent(Subjects.LicenseAssignedV1)
  async onAssigned(
    data: EventPayload<typeof Subjects.LicenseAssignedV1>,
    { envelope, em }: EventHandlerContext,
  ) {
    await sqlRows(
      em,
      `insert into "child_licence" ("child_subscription_id", "child_id", "assigned_at", "ended_at")
       values (?, ?, ?, null)
       on conflict ("child_subscription_id") do update set "assigned_at" = excluded."assigned_at"`,
      [data.childSubscriptionId, data.childId, envelope.occurredAt],
    );
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
    const ended = await sqlRows(
      em,
      `insert into "child_licence" ("child_subscription_id", "child_id", "assigned_at", "ended_at")
       values (?, ?, ?, ?)
       on conflict ("child_subscription_id") do update set "ended_at" = excluded."ended_at"
         where "child_licence"."ended_at" is null
       returning 1`,
      [data.childSubscriptionId, data.childId, envelope.occurredAt, envelope.occurredAt],
    );
    if (ended.length > 0) {
      await recordAudit(em, {
        childId: data.childId,
        actorId: null,
        kind: 'LICENCE_REMOVED',
        entityId: data.childSubscriptionId,
      });
    }
  }
}
