import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { LicencesService } from '../licences/licences.service.js';
import { forgetDeletedChild } from './deleted-child.js';
import {
  deleteAccess,
  upsertAccess,
  upsertChild,
  upsertRestoredChild,
  upsertUser,
} from './directory.queries.js';

type Em = EventHandlerContext['em'];

/**
 * Billing's copies of what other contexts own: users (identity: the e-mail an admin types, names in the admin list),
 * children and who owns or helps them (therapy: who may give which child a licence, names on /billing).
 * A deleted child frees its licence and its names are forgotten (issue 17); a restored one is listed again, with them,
 * without a licence. A user's new names (`identity.user.updated.v1`, issue 17) replace the old, unless the account was
 * erased (`identity.user.deleted.v1`, handled by `account-erasure/`, ADR 0049); a child handed over to a coordinator
 * (`therapy.child.updated.v1`, ADR 0050) is its new owner's.
 */
@Injectable()
export class DirectoryProjection {
  constructor(@Inject(LicencesService) private readonly licences: LicencesService) {}

  @OnEvent(Subjects.UserRegisteredV1)
  async onUserRegistered(data: EventPayload<typeof Subjects.UserRegisteredV1>, { em }: EventHandlerContext) {
    await this.saveUser(em, data);
  }

  @OnEvent(Subjects.UserUpdatedV1)
  async onUserUpdated(data: EventPayload<typeof Subjects.UserUpdatedV1>, { em }: EventHandlerContext) {
    await this.saveUser(em, data);
  }

  @OnEvent(Subjects.ChildCreatedV1)
  async onChildCreated(data: EventPayload<typeof Subjects.ChildCreatedV1>, { em }: EventHandlerContext) {
    await this.saveChild(em, data);
  }

  /** The child was handed over to one of its coordinators (ADR 0050): its owner is theirs now. */
  @OnEvent(Subjects.ChildUpdatedV1)
  async onChildUpdated(data: EventPayload<typeof Subjects.ChildUpdatedV1>, { em }: EventHandlerContext) {
    await this.saveChild(em, data);
  }

  @OnEvent(Subjects.ChildDeletedV1)
  async onChildDeleted(data: EventPayload<typeof Subjects.ChildDeletedV1>, { em }: EventHandlerContext) {
    await forgetDeletedChild(em, this.licences, data);
  }

  /**
   * Its owner restored the child (ADR 0021): it is listed again, without a licence (the one it had was freed on the
   * delete); its helpers come back through `child-access.granted` events.
   */
  @OnEvent(Subjects.ChildRestoredV1)
  async onChildRestored(data: EventPayload<typeof Subjects.ChildRestoredV1>, { em }: EventHandlerContext) {
    await upsertRestoredChild(em, data);
  }

  @OnEvent(Subjects.ChildAccessGrantedV1)
  async onAccessGranted(
    data: EventPayload<typeof Subjects.ChildAccessGrantedV1>,
    { em }: EventHandlerContext,
  ) {
    await upsertAccess(em, data);
  }

  @OnEvent(Subjects.ChildAccessRevokedV1)
  async onAccessRevoked(
    data: EventPayload<typeof Subjects.ChildAccessRevokedV1>,
    { em }: EventHandlerContext,
  ) {
    await deleteAccess(em, data.childId, data.userId);
  }

  private async saveUser(em: Em, data: EventPayload<typeof Subjects.UserRegisteredV1>) {
    await upsertUser(em, { ...data, email: data.email.trim().toLowerCase() });
  }

  /** A late `created` never revives a deleted child. */
  private async saveChild(em: Em, data: EventPayload<typeof Subjects.ChildCreatedV1>) {
    await upsertChild(em, data);
  }
}
