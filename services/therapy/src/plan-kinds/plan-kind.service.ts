import type { EntityManager } from '@mikro-orm/core';
import type { Plan as PlanDto, PlanStatus } from '@aba/contracts/api';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import type { PlanForm, PlanKindStore } from './plan-kind.store.js';

/** A plan kind's calls on its own rows, on the request's entity manager; its `get` says what a read answers. */
export abstract class PlanKindService {
  constructor(
    protected readonly em: EntityManager,
    readonly store: PlanKindStore,
  ) {}

  /** The body of `GET /api/child/{id}/<kind>/{planId}`. */
  abstract get(childId: string, id: string): Promise<object>;

  list(childId: string, status?: PlanStatus): Promise<PlanDto[]> {
    return this.store.list(this.em, childId, status);
  }

  save(grant: ChildAccessGrant, form: PlanForm) {
    return this.store.save(this.em, grant.childId, grant.userId, form);
  }

  delete(grant: ChildAccessGrant, id: string): Promise<void> {
    return this.store.delete(this.em, grant.childId, grant.userId, id);
  }

  setStatus(grant: ChildAccessGrant, id: string, status: PlanStatus): Promise<PlanDto> {
    return this.store.setStatus(this.em, grant.childId, grant.userId, id, status);
  }

  childOf(id: string): Promise<string> {
    return this.store.childOf(this.em, id);
  }
}
