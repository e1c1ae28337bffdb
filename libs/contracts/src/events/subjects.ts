/**
 * Every event subject. `<context>.<aggregate>.<event>.v<version>`.
 * A published subject is never renamed or changed in place: add a new version instead.
 * A subject marked planned has its payload agreed but no producer yet, because the state change it announces does
 * not exist yet: a handler of it is dead code until a producer publishes it (ADR 0026).
 */
export const Subjects = {
  UserRegisteredV1: 'identity.user.registered.v1',
  /** Planned: identity has no account edit yet (names, e-mail, role change only at registration). */
  UserUpdatedV1: 'identity.user.updated.v1',
  /** Planned: identity deletes no announced account yet (the privacy work will, ARCHITECTURE "Privacy"). */
  UserDeletedV1: 'identity.user.deleted.v1',
  SessionRevokedV1: 'identity.session.revoked.v1',
  ChildCreatedV1: 'therapy.child.created.v1',
  /** Planned: therapy has no child edit yet (a child's names are set when it is created). */
  ChildUpdatedV1: 'therapy.child.updated.v1',
  ChildDeletedV1: 'therapy.child.deleted.v1',
  ChildRestoredV1: 'therapy.child.restored.v1',
  ChildAccessGrantedV1: 'therapy.child-access.granted.v1',
  ChildAccessRevokedV1: 'therapy.child-access.revoked.v1',
  HelperInvitedV1: 'therapy.helper.invited.v1',
  HelperInvitedV2: 'therapy.helper.invited.v2',
  HelperInviteWithdrawnV1: 'therapy.helper.invite-withdrawn.v1',
  LicenseAssignedV1: 'billing.license.assigned.v1',
  LicenseRevokedV1: 'billing.license.revoked.v1',
} as const;

export type Subject = (typeof Subjects)[keyof typeof Subjects];

export type EventContext = 'identity' | 'therapy' | 'billing';

/** One JetStream stream per producing context. */
export const Streams: Record<EventContext, string> = {
  identity: 'IDENTITY',
  therapy: 'THERAPY',
  billing: 'BILLING',
};

export function subjectContext(subject: Subject): EventContext {
  return subject.split('.')[0] as EventContext;
}

export function subjectVersion(subject: Subject): number {
  return Number(subject.slice(subject.lastIndexOf('.v') + 2));
}
