import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './identity.js';
import { text } from './text.js';

/**
 * "Delete my account" (issue 17, GDPR Art 17, ADR 0050): `POST /api/account/delete` (identity) with the password, the
 * account's e-mail typed again, and what happens to each child the user owns: DELETE (erased with all its data) or
 * TRANSFER to a coordinator, which is done beforehand by handing the child over (`…/ownership/offer`, accepted by the
 * coordinator): the account is deleted once every hand-over named is accepted.
 */
export const AccountDeletionMessages = {
  confirmationMismatch: "Type your account's e-mail address exactly to confirm",
  childrenIncomplete:
    'Choose what happens to each of your children: delete it, or hand it over to a coordinator',
  handOverNotOffered: 'Hand the child over to that coordinator first, from its coordinators page',
  handOverPending:
    'A hand-over is waiting for its coordinator to accept it: the account can be deleted once they have',
  deleted: 'Your account was deleted',
  unavailable: 'Your account cannot be deleted right now. Please try again in a few minutes.',
} as const;

export const ACCOUNT_DELETION_ACTIONS = ['DELETE', 'TRANSFER'] as const;

/** POST /api/account/delete */
export const accountDeletionRequestSchema = z.object({
  password: text(PASSWORD_MAX_LENGTH).default(''),
  confirmation: text(320).default(''),
  children: z
    .array(
      z.object({
        child_id: z.uuid({ error: AccountDeletionMessages.childrenIncomplete }),
        action: z.enum(ACCOUNT_DELETION_ACTIONS, { error: AccountDeletionMessages.childrenIncomplete }),
        to_user_id: z.uuid({ error: AccountDeletionMessages.handOverNotOffered }).optional(),
      }),
      { error: AccountDeletionMessages.childrenIncomplete },
    )
    .max(1000)
    .default([]),
});
export type AccountDeletionRequest = z.input<typeof accountDeletionRequestSchema>;

/** Where the children the user stands to stand, as therapy tells identity before a deletion (`ACCOUNT_DELETION_PATH`). */
export const ACCOUNT_DELETION_PATH = '/internal/account-deletion';

export const accountChildrenSchema = z.object({
  /** The children the user owns, each with the hand-over waiting for a coordinator, if any. */
  owned: z.array(z.object({ child_id: z.uuid(), offered_to: z.uuid().nullable() })),
  /** The children the user is a coordinator of, with their owner (a child the user handed over is one). */
  coordinating: z.array(z.object({ child_id: z.uuid(), owner_id: z.uuid() })),
});
export type AccountChildren = z.infer<typeof accountChildrenSchema>;

/**
 * The first reason the user's `choices` cannot delete the account as their children `stand`, as its message (400 or
 * 409, said by `conflict`); null when each child they own is to be deleted and each hand-over named was accepted.
 */
export function accountDeletionProblem(
  choices: readonly { child_id: string; action: 'DELETE' | 'TRANSFER'; to_user_id?: string }[],
  stand: AccountChildren,
): { message: string; conflict: boolean } | null {
  const chosen = new Map(choices.map((choice) => [choice.child_id, choice]));
  for (const child of stand.owned) {
    const choice = chosen.get(child.child_id);
    if (!choice) return { message: AccountDeletionMessages.childrenIncomplete, conflict: false };
    if (choice.action === 'TRANSFER') {
      return choice.to_user_id && child.offered_to === choice.to_user_id
        ? { message: AccountDeletionMessages.handOverPending, conflict: true }
        : { message: AccountDeletionMessages.handOverNotOffered, conflict: false };
    }
  }
  const owned = new Set(stand.owned.map((child) => child.child_id));
  for (const choice of choices) {
    if (owned.has(choice.child_id)) continue;
    const handedOver = stand.coordinating.some(
      (child) => child.child_id === choice.child_id && child.owner_id === choice.to_user_id,
    );
    if (choice.action !== 'TRANSFER' || !handedOver) {
      return { message: AccountDeletionMessages.handOverNotOffered, conflict: false };
    }
  }
  return null;
}
