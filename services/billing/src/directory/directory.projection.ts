import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext, sqlRows } from '@aba/server-kit';
import { LicencesService } from '../licences/licences.service.js';

type Em = EventHandlerContext['em'];

/**
 * Billing's copies of what other contexts own: users (identity: the e-mail an admin types, names in the admin list),
 * children and who owns or helps them (therapy: who may give which child a licence, names on /billing).
 * A deleted child frees its licence; a restored one is listed again, without one. The catalogue's planned
 * `identity.user.updated/deleted.v1` and `therapy.child.updated.v1` are handled once something publishes them (ADR 0026).
 */
@Injectable()
export class DirectoryProjection {
  constructor(@Inject(LicencesService) private readonly licences: LicencesService) {}

  @OnEvent(Subjects.UserRegisteredV1)
  async onUserRegistered(data: EventPayload<typeof Subjects.UserRegisteredV1>, { em }: EventHandlerContext) {
    await this.saveUser(em, data);
  }

  @OnEvent(Subjects.ChildCreatedV1)
  async onChildCreated(data: EventPayload<typeof Subjects.ChildCreatedV1>, { em }: EventHandlerContext) {
    await this.saveChild(em, data);
  }

  @OnEvent(Subjects.ChildDeletedV1)
  async onChildDeleted(data: EventPayload<typeof Subjects.ChildDeletedV1>, { em }: EventHandlerContext) {
    await sqlRows(
      em,
      `insert into "child" ("id", "owner_id", "first_name", "last_name", "deleted") values (?, ?, ?, ?, true)
       on conflict ("id") do update set "deleted" = true`,
      [data.childId, data.ownerId, data.firstName, data.lastName],
    );
    await sqlRows(em, `delete from "child_access" where "child_id" = ?`, [data.childId]);
    await this.licences.afterChildDeleted(em, data.childId);
  }

  /**
   * Its owner restored the child (ADR 0021): it is listed again, without a licence (the one it had was freed on the
   * delete); its helpers come back through `child-access.granted` events.
   */
  @OnEvent(Subjects.ChildRestoredV1)
  async onChildRestored(data: EventPayload<typeof Subjects.ChildRestoredV1>, { em }: EventHandlerContext) {
    await sqlRows(
      em,
      `insert into "child" ("id", "owner_id", "first_name", "last_name", "deleted") values (?, ?, ?, ?, false)
       on conflict ("id") do update set "owner_id" = excluded."owner_id", "first_name" = excluded."first_name",
         "last_name" = excluded."last_name", "deleted" = false`,
      [data.childId, data.ownerId, data.firstName, data.lastName],
    );
  }

  @OnEvent(Subjects.ChildAccessGrantedV1)
  async onAccessGranted(
    data: EventPayload<typeof Subjects.ChildAccessGrantedV1>,
    { em }: EventHandlerContext,
  ) {
    await sqlRows(
      em,
      `insert into "child_access" ("child_id", "user_id", "access_type") values (?, ?, ?)
       on conflict ("child_id", "user_id") do update set "access_type" = excluded."access_type"`,
      [data.childId, data.userId, data.accessType],
    );
  }

  @OnEvent(Subjects.ChildAccessRevokedV1)
  async onAccessRevoked(
    data: EventPayload<typeof Subjects.ChildAccessRevokedV1>,
    { em }: EventHandlerContext,
  ) {
    await sqlRows(em, `delete from "child_access" where "child_id" = ? and "user_id" = ?`, [
      data.childId,
      data.userId,
    ]);
  }

  private async saveUser(em: Em, data: EventPayload<typeof Subjects.UserRegisteredV1>) {
    await sqlRows(
      em,
      `insert into "billing_user" ("id", "email", "first_name", "last_name") values (?, ?, ?, ?)
       on conflict ("id") do update set "email" = excluded."email", "first_name" = excluded."first_name", "last_name" = excluded."last_name"`,
      [data.userId, data.email.trim().toLowerCase(), data.firstName, data.lastName],
    );
  }

  /** A late `created` never revives a deleted child. */
  private async saveChild(em: Em, data: EventPayload<typeof Subjects.ChildCreatedV1>) {
    await sqlRows(
      em,
      `insert into "child" ("id", "owner_id", "first_name", "last_name", "deleted") values (?, ?, ?, ?, false)
       on conflict ("id") do update set "owner_id" = excluded."owner_id", "first_name" = excluded."first_name", "last_name" = excluded."last_name"`,
      [data.childId, data.ownerId, data.firstName, data.lastName],
    );
  }
}
