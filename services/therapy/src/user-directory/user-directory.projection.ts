import { Injectable } from '@nestjs/common';
import { normaliseEmail } from '@aba/contracts/api';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { OnEvent, type EventHandlerContext } from '@aba/server-kit';
import { DirectoryUser } from './directory-user.entity.js';

/**
 * Therapy's user directory: every account identity announced as proven (ADR 0012), kept as the user changes their names
 * on their account (issue 17). The features that show names or resolve e-mails (helpers) read it; what else a
 * registration changes, they do in their own handlers (ADR 0026).
 */
@Injectable()
export class UserDirectoryProjection {
  @OnEvent(Subjects.UserRegisteredV1)
  async onRegistered(data: EventPayload<typeof Subjects.UserRegisteredV1>, { em }: EventHandlerContext) {
    await saveUser(em, data);
  }

  @OnEvent(Subjects.UserUpdatedV1)
  async onUpdated(data: EventPayload<typeof Subjects.UserUpdatedV1>, { em }: EventHandlerContext) {
    await saveUser(em, data);
  }
}

async function saveUser(em: EventHandlerContext['em'], data: EventPayload<typeof Subjects.UserRegisteredV1>) {
  await em.upsert(DirectoryUser, {
    id: data.userId,
    email: normaliseEmail(data.email),
    firstName: data.firstName,
    lastName: data.lastName,
    role: data.role,
  });
}
