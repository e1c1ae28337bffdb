/**
 * "Delete my account" (issue 17, GDPR Art 17, ADR 0050), pure: what the page says will happen, when the delete button
 * may be used, what is sent, and which field a refusal is about.
 */
import {
  AccountDeletionMessages,
  IdentityMessages,
  normaliseEmail,
  type AccountDeletionRequest,
  type Child,
  type DeletedChild,
  type OwnershipOffer,
  type SubscriptionDataResponse,
} from '@aba/contracts/api';

/** A child the user owns, with the hand-over of it that waits for a coordinator, if any. */
export interface OwnedChildStand {
  child: Child;
  offer: OwnershipOffer | null;
}

/** What deleting the account does to the user's children, as the children calls tell it. */
export interface DeletionOverview {
  /** Erased with all their data, unless handed over first. */
  owned: OwnedChildStand[];
  /** Those the user helps with (coordinator or therapist): their place on the team ends. */
  helped: Child[];
  /** Deleted and still restorable: erased for good. */
  deleted: DeletedChild[];
}

/** "First Last", as the children pages name a child. */
export function childName(child: Pick<Child, 'first_name' | 'last_name'>): string {
  return [child.first_name.trim(), child.last_name.trim()].filter((part) => part !== '').join(' ');
}

/** Sorts the children list into the overview, each child owned with its waiting hand-over (`offers`, by child id). */
export function deletionOverview(
  children: readonly Child[],
  offers: ReadonlyMap<string, OwnershipOffer | null>,
  deleted: readonly DeletedChild[],
): DeletionOverview {
  return {
    owned: children
      .filter((child) => child.relation === 'OWNER')
      .map((child) => ({ child, offer: offers.get(child.id) ?? null })),
    helped: children.filter((child) => child.relation !== 'OWNER'),
    deleted: [...deleted],
  };
}

/** The children whose hand-over still waits for its coordinator: the account can be deleted once they accept. */
export function waitingHandOvers(overview: DeletionOverview): OwnedChildStand[] {
  return overview.owned.filter((stand) => stand.offer !== null);
}

/**
 * What the deletion does to the user's subscriptions, as billing tells it: `cancelled` (with the children whose
 * licence is in use now, by name), `none` when no subscription is active and no licence used, `unknown` while billing
 * has not answered (the page then says what happens to any there are).
 */
export function subscriptionsOutcome(data: SubscriptionDataResponse | undefined): {
  kind: 'unknown' | 'none' | 'cancelled';
  inUse: string[];
} {
  if (!data) return { kind: 'unknown', inUse: [] };
  const inUse = data.subscriptions_in_use
    .filter((use) => use.status === 'active')
    .map((use) => childName({ first_name: use.child_first_name, last_name: use.child_last_name }));
  return { kind: data.total === 0 && inUse.length === 0 ? 'none' : 'cancelled', inUse };
}

/** What the user types to delete the account: the password, and the account's e-mail again. */
export interface DeletionValues {
  password: string;
  confirmation: string;
}
export type DeletionField = keyof DeletionValues;

/** Whether both fields are filled: until then the delete button cannot be used. */
export function deletionFilled(values: DeletionValues): boolean {
  return values.password !== '' && values.confirmation.trim() !== '';
}

/**
 * The first rule the typed values break, as the server's message; null when they may be sent. The e-mail is compared
 * as the server compares it (trimmed, lower-cased).
 */
export function deletionFormProblem(values: DeletionValues, accountEmail: string): string | null {
  if (values.password === '') return IdentityMessages.requiredFields;
  if (normaliseEmail(values.confirmation) !== normaliseEmail(accountEmail)) {
    return AccountDeletionMessages.confirmationMismatch;
  }
  return null;
}

/** The field a refusal is about (marked, with the focus), or null for one said beside the button. */
export function deletionProblemField(message: string | undefined): DeletionField | null {
  if (message === IdentityMessages.wrongCurrentPassword || message === IdentityMessages.requiredFields) {
    return 'password';
  }
  return message === AccountDeletionMessages.confirmationMismatch ? 'confirmation' : null;
}

/**
 * The body of POST /api/account/delete: every child the user owns is deleted with all its data, except one whose
 * hand-over waits, which is named as handed over to that coordinator (the server then answers that the hand-over
 * waits: the page does not offer the button meanwhile, so this is said only when an offer came after the page read).
 */
export function accountDeletionRequest(
  values: DeletionValues,
  overview: DeletionOverview,
): Required<AccountDeletionRequest> {
  return {
    password: values.password,
    confirmation: values.confirmation.trim(),
    children: overview.owned.map(({ child, offer }) =>
      offer
        ? { child_id: child.id, action: 'TRANSFER' as const, to_user_id: offer.to_user_id }
        : { child_id: child.id, action: 'DELETE' as const },
    ),
  };
}
