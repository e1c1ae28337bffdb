/**
 * What the children pages show, as pure functions (unit-tested): names, the relation
 * label, a helper's row, and which controls a relation gets (through `mayOnChild`, never re-encoded).
 */
import { CHILD_RESTORE_DAYS, mayOnChild, type ChildRelation, type Helper } from '@aba/contracts/api';
import { formatDate } from '@aba/web-kit';


/** "First Last" (either part may be missing). */
export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name]
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter((part) => part !== '')
    .join(' ');
}

/** `common` key of the user's relation to a child: Părinte / Coordonator / Terapeut. */
export function relationKey(relation: ChildRelation): string {
  return `relations.${relation}`;
}

/** The controls of the child pages a relation gets (spec §6 / the access table of ARCHITECTURE.md). */
export interface ChildControls {
  /** Delete (in the menu of the child's card, on the children list) and restore. */
  deleteChild: boolean;
  /** Add-by-e-mail form and Remove buttons on /coordinators and /therapists. */
  manageHelpers: boolean;
}

export function childControls(relation: ChildRelation | null | undefined): ChildControls {
  return {
    deleteChild: mayOnChild(relation, 'delete'),
    manageHelpers: mayOnChild(relation, 'manageHelpers'),
  };
}

/** How a helper's row reads: the name (or, before they register, the e-mail) and the e-mail below it. */
export interface HelperRow {
  title: string;
  /** Shown under the title; null when the title already is the e-mail. */
  email: string | null;
  /** Invited, not registered yet: the "Invitation sent" badge. */
  pending: boolean;
}

export function helperRow(helper: Pick<Helper, 'first_name' | 'last_name' | 'email' | 'status'>): HelperRow {
  const name = fullName(helper);
  return {
    title: name !== '' ? name : helper.email,
    email: name !== '' ? helper.email : null,
    pending: helper.status === 'PENDING',
  };
}

/** Where a child's pages start (spec §2: the View button and the page after creating a child). */
export function childHomePath(childId: string): string {
  return `/child/${encodeURIComponent(childId)}/dashboard`;
}

/** The `message` a page was opened with (`navigate(to, { state: { message } })`), if any. */
export function navigationMessage(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const message = (state as Record<string, unknown>).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** A name without case, accents or surrounding spaces. */
const bareName = (name: string) =>
  name.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Whether `typed` confirms deleting the child: its first name, ignoring case, accents (a phone keyboard may lack
 * them) and surrounding spaces.
 */
export function confirmsFirstName(typed: string, child: { first_name: string }): boolean {
  const expected = bareName(child.first_name);
  return expected !== '' && bareName(typed) === expected;
}

/** The day until which a child deleted at `deletedAt` can be restored (ADR 0021), as `formatDate` shows it. */
export function restorableUntil(deletedAt: Date): string {
  return formatDate(new Date(deletedAt.getTime() + CHILD_RESTORE_DAYS * 24 * 3_600_000).toISOString());
}
