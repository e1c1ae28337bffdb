import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/**
 * Serialises, per e-mail address, the two writers of an invitation's fate: a helper added by address (which reads
 * whether the directory knows the address, then writes an ACTIVE helper or a PENDING invite) and the address's
 * registration (which adds it to the directory and activates the PENDING invites it finds). Without it, an add while
 * the registration's event is being handled reads no user and writes an invite the handler has already looked for:
 * PENDING for ever. Held until `em`'s transaction ends.
 */
export async function lockInviteAddress(em: EntityManager, email: string): Promise<void> {
  await sqlRows(em, `select pg_advisory_xact_lock(hashtext('helper-invite:' || ?))`, [email]);
}
