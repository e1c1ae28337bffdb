import { Injectable } from '@nestjs/common';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { DirectoryUser } from './directory-user.entity.js';

/** Keeps therapy's user directory in step with identity. */
@Injectable()
export class UserDirectoryProjection {
  @OnEvent(Subjects.UserRegisteredV1)
  async onRegistered(data: EventPayload<typeof Subjects.UserRegisteredV1>, { em }: EventHandlerContext) {
    await this.save(data, em);
  }

  @OnEvent(Subjects.UserUpdatedV1)
  async onUpdated(data: EventPayload<typeof Subjects.UserUpdatedV1>, { em }: EventHandlerContext) {
    await this.save(data, em);
  }

  @OnEvent(Subjects.UserDeletedV1)
  async onDeleted(data: EventPayload<typeof Subjects.UserDeletedV1>, { em }: EventHandlerContext) {
    await em.nativeDelete(DirectoryUser, { id: data.userId });
  }

  private async save(data: EventPayload<typeof Subjects.UserRegisteredV1>, em: EventHandlerContext['em']) {
    await em.upsert(DirectoryUser, {
      id: data.userId,
      email: data.email.toLowerCase(),
      firstName: data.firstName,
      lastName: data.lastName,
      role: data.role,
    });
  }
}
