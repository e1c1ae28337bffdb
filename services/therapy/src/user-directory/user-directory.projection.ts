import { Inject, Injectable } from '@nestjs/common';
import { normaliseEmail } from '@aba/contracts/api';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { HelpersService } from '../helpers/helpers.service.js';
import { DirectoryUser } from './directory-user.entity.js';

/**
 * Keeps therapy's user directory in step with identity; a registration also turns the new user's pending helper
 * invites ACTIVE, and a deletion takes the user off every team, in the same transaction as the directory change.
 */
@Injectable()
export class UserDirectoryProjection {
  constructor(@Inject(HelpersService) private readonly helpers: HelpersService) {}

  @OnEvent(Subjects.UserRegisteredV1)
  async onRegistered(data: EventPayload<typeof Subjects.UserRegisteredV1>, { em }: EventHandlerContext) {
    await this.save(data, em);
    await this.helpers.activateInvites(em, data);
  }

  @OnEvent(Subjects.UserUpdatedV1)
  async onUpdated(data: EventPayload<typeof Subjects.UserUpdatedV1>, { em }: EventHandlerContext) {
    await this.save(data, em);
  }

  @OnEvent(Subjects.UserDeletedV1)
  async onDeleted(data: EventPayload<typeof Subjects.UserDeletedV1>, { em }: EventHandlerContext) {
    await em.nativeDelete(DirectoryUser, { id: data.userId });
    await this.helpers.forgetUser(em, data.userId);
  }

  private async save(data: EventPayload<typeof Subjects.UserRegisteredV1>, em: EventHandlerContext['em']) {
    await em.upsert(DirectoryUser, {
      id: data.userId,
      email: normaliseEmail(data.email),
      firstName: data.firstName,
      lastName: data.lastName,
      role: data.role,
    });
  }
}
