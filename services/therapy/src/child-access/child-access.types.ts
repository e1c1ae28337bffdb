import type { Type } from '@nestjs/common';
import type { ZodType } from 'zod';
import type { ChildAction, ChildRelation, InternalIdentity } from '@aba/contracts/api';

/** What a passed access check knows: the child, the caller's relation to it and its owner. */
export interface ChildAccessGrant {
  childId: string;
  userId: string;
  relation: ChildRelation;
  ownerId: string;
  /** The gates' facts about the child, read with the relation (`ChildGate.fact`), by gate name. */
  facts: Readonly<Record<string, boolean>>;
  /**
   * For a former member of the child's team, let in by the one call that accepts them (`handOver`): when they
   * left the team. Their relation is the one they had then.
   */
  memberUntil?: Date;
  /** The child is deleted (not yet erased): only the call that hands over a capture (`handOver`) finds it so. */
  childDeleted?: true;
}

/**
 * Finds the child an object belongs to, for routes keyed by another object's id
 * (`/api/plan/{id}/set-status`, `/api/behavior/{id}/log`, …). A provider of the feature that owns the object.
 */
export interface ChildLocator {
  /**
   * The id of the child that owns the object `key`. Throws the object's own error: 400 for a malformed id,
   * 404 for an unknown object.
   */
  childOf(key: string): Promise<string>;
}

/**
 * A further condition on child calls, checked after the relation and the action are allowed: the licence gate
 * (402 `Child subscription not found`) is one. Registered with `ChildAccessModule.forRoot({ gates: [...] })`.
 */
export interface ChildGate {
  /** Calls name it to be exempt: `@ChildAccess('delete', { exempt: ['licence'] })`. */
  readonly name: string;
  /**
   * A SQL boolean about the child whose id is the SQL expression `childId`, read in the same statement as the
   * caller's relation so the gate costs no statement of its own (ADR 0030); `check` finds it in `grant.facts[name]`.
   */
  readonly fact?: (childId: string) => string;
  /** Throws when the call may not proceed. */
  check(grant: ChildAccessGrant, action: ChildAction): void | Promise<void>;
}

export const CHILD_GATES = Symbol('CHILD_GATES');
export const CHILD_ACCESS = 'therapy:child-access';

export interface ChildAccessOptions {
  /** Where the key is: a route parameter (default), a query parameter or a body field. */
  in?: 'param' | 'query' | 'body';
  /** The key's name (default `id`): the child id, or the object id when `via` is given. */
  key?: string;
  /** For routes keyed by another object: the provider that finds the object's child. */
  via?: Type<ChildLocator>;
  /** Names of gates this call is exempt from. */
  exempt?: readonly string[];
  /** The call restores a deleted child: its owner finds it while it can be restored (ADR 0021). */
  restorable?: true;
  /**
   * The call hands over a capture: a former member of the team stands as they did then (`memberUntil`), a deleted child
   * as it did (`childDeleted`, ADR 0044).
   */
  handOver?: true;
  /**
   * The body's schema, for keys in the body: the body is validated (a 400 naming the field) before the key is read,
   * and the handler receives the parsed body.
   */
  body?: ZodType;
}

export interface ChildAccessRequirement extends ChildAccessOptions {
  action: ChildAction;
}

/** The request as the access check sees it. */
export interface ChildScopedRequest {
  headers: Record<string, string | string[] | undefined>;
  originalUrl?: string;
  url?: string;
  params?: Record<string, string | undefined>;
  query?: Record<string, unknown>;
  body?: unknown;
  identity?: InternalIdentity;
  childAccess?: ChildAccessGrant;
}
