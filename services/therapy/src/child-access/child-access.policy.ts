import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { type ChildAction, type ChildRelation, type InternalIdentity } from '@aba/contracts/api';
import { isUuid, requireUser } from '@aba/server-kit';
import { childAccessError } from './child-access.errors.js';
import { childAccessRefusal, type ChildStanding } from './child-access.rule.js';
import { CHILD_ID, childStandingRow, lastMembership } from './child-access.queries.js';
import { CHILD_GATES, type ChildAccessGrant, type ChildGate } from './child-access.types.js';

interface ChildStandingFacts {
  standing: ChildStanding;
  ownerId: string | null;
  facts: Record<string, boolean>;
  memberUntil?: Date;
  childDeleted?: true;
}

export interface RelateOptions {
  /**
   * The call addresses a deleted child to restore it (ADR 0021): such a child stands as before for its owner alone.
   * Every other call, and every other caller, finds no child.
   */
  restorable?: boolean;
  /**
   * The call hands over a capture (ADR 0044): a caller no longer on the team who was on it stands as they did then,
   * with when they left (`memberUntil`), and the call accepts only what they captured before; a deleted child not yet
   * erased stands as before to those who stand to it (`childDeleted`), its capture kept for a restore.
   */
  handOver?: boolean;
}

export interface AuthorizeOptions extends RelateOptions {
  /** Gates this call is exempt from. */
  exempt?: readonly string[];
  /** A grant already established for this request (by the child-scope middleware): not looked up again. */
  known?: ChildAccessGrant;
}

/**
 * The child access rule, enforced in one place. Every child call goes through `authorize`: the relation
 * (404 unknown or deleted child, 403 no relation), then the action (403 not allowed for this relation), then the gates
 * registered with `ChildAccessModule.forRoot({ gates })` (the licence gate, 402).
 */
@Injectable()
export class ChildAccessPolicy {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(CHILD_GATES) private readonly gates: readonly ChildGate[],
  ) {}

  /**
   * How a user stands to a child id, with the gates' facts about the child. One indexed query. A deleted child is
   * no child (404), except to its owner when `restorable` and to whoever stands to it when `handOver`.
   */
  async standing(userId: string, childId: string, options: RelateOptions = {}): Promise<ChildStandingFacts> {
    if (!isUuid(childId)) return { standing: 'no-child', ownerId: null, facts: {} };
    const facts = this.gates.flatMap((gate) =>
      gate.fact ? [{ name: gate.name, sql: gate.fact(CHILD_ID) }] : [],
    );
    const [row] = await childStandingRow(
      this.em,
      userId,
      childId,
      facts.map((fact) => fact.sql),
    );
    const noChild = { standing: 'no-child', ownerId: null, facts: {} } as const;
    if (!row || (row.deleted && !options.handOver && !(options.restorable && row.owner_id === userId))) {
      return noChild;
    }
    const gateFacts = Object.fromEntries(
      facts.map((fact, index) => [fact.name, row[`fact_${index}`] === true]),
    );
    const known = {
      ownerId: row.owner_id,
      facts: gateFacts,
      ...(row.deleted ? { childDeleted: true as const } : {}),
    };
    if (row.owner_id === userId) return { standing: 'OWNER', ...known };
    if (row.access_type) return { standing: row.access_type, ...known };
    const former = options.handOver ? await lastMembership(this.em, userId, childId) : undefined;
    if (former) return { standing: former.access_type, ...known, memberUntil: former.left_at };
    return row.deleted ? noChild : { standing: 'stranger', ...known };
  }

  /** The caller's relation to the child, or 404 / 403 when there is none (membership only: no action, no gates). */
  async relate(
    identity: InternalIdentity | undefined,
    childId: string,
    options: RelateOptions = {},
  ): Promise<ChildAccessGrant> {
    const userId = requireUser(identity);
    const { standing, ownerId, facts, memberUntil, childDeleted } = await this.standing(
      userId,
      childId,
      options,
    );
    const refusal = childAccessRefusal(standing, 'read');
    if (refusal) throw childAccessError(refusal);
    return {
      childId,
      userId,
      relation: standing as ChildRelation,
      ownerId: ownerId!,
      facts,
      ...(memberUntil ? { memberUntil } : {}),
      ...(childDeleted ? { childDeleted } : {}),
    };
  }

  /** Allows `action` on the child for the caller, or throws the refusal. */
  async authorize(
    identity: InternalIdentity | undefined,
    childId: string,
    action: ChildAction,
    options: AuthorizeOptions = {},
  ): Promise<ChildAccessGrant> {
    const userId = requireUser(identity);
    const known = options.known;
    const grant =
      known && known.childId === childId && known.userId === userId
        ? known
        : await this.relate(identity, childId, options);
    const refusal = childAccessRefusal(grant.relation, action);
    if (refusal) throw childAccessError(refusal);
    for (const gate of this.gates) {
      if (!options.exempt?.includes(gate.name)) await gate.check(grant, action);
    }
    return grant;
  }
}
