import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { parseAbcForm, type AbcEntry as AbcEntryDto } from '@aba/contracts/api';
import { ValidationFailed } from '@aba/server-kit';
import type { ChildAccessGrant } from '../../child-access/child-access.types.js';
import { writeToChild } from '../../children/child-writes.js';
import { BehaviorNotFound } from '../behaviors.errors.js';
import { BehaviorsService } from '../behaviors.service.js';
import type { ListLanguage } from '../selectable-lists/language.js';
import type { SelectableListItem } from '../selectable-lists/selectable-list-item.entity.js';
import { SelectableListsService, textIn } from '../selectable-lists/selectable-lists.service.js';
import { AbcEntry } from './abc-entry.entity.js';

/** The ABC log of a child's behaviours. */
@Injectable()
export class AbcService {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(SelectableListsService) private readonly lists: SelectableListsService,
  ) {}

  /**
   * Logs an entry for one of the child's behaviours (404 for another's). A text equal to a list item (in either
   * language) is remembered as that item; any other text is an "Other" answer, kept as typed (trimmed).
   */
  async log(grant: ChildAccessGrant, body: unknown, language: ListLanguage): Promise<AbcEntryDto> {
    const form = parseAbcForm(body);
    if ('problem' in form) throw new ValidationFailed(form.problem);
    const em = this.orm.em.fork();
    const items = await this.lists.items();
    const log = async () => {
      const behavior = await BehaviorsService.find(em, grant.childId, form.behavior_id);
      if (!behavior) return undefined;
      const entry = em.create(AbcEntry, {
        id: randomUUID(),
        behavior,
        antecedent: form.antecedent,
        antecedentCode: SelectableListsService.match(items, 'antecedent', form.antecedent)?.code ?? null,
        consequence: form.consequence,
        consequenceCode: SelectableListsService.match(items, 'consequence', form.consequence)?.code ?? null,
        createdBy: grant.userId,
        createdAt: new Date(),
      });
      await em.persist(entry).flush();
      return entry;
    };
    const entry = await writeToChild(em, grant.childId, log, () => new BehaviorNotFound());
    return toAbcDto(entry, byCode(items), language);
  }

  /** The behaviour's entries, newest first, list items in the reader's language. */
  async list(grant: ChildAccessGrant, behaviorId: string, language: ListLanguage): Promise<AbcEntryDto[]> {
    const em = this.orm.em.fork();
    const behavior = await BehaviorsService.ofChild(em, grant.childId, behaviorId);
    const entries = await em.find(
      AbcEntry,
      { behavior: behavior.id },
      { orderBy: { createdAt: 'desc', id: 'desc' } },
    );
    const items = byCode(await this.lists.items());
    return entries.map((entry) => toAbcDto(entry, items, language));
  }
}

function byCode(items: readonly SelectableListItem[]): Map<string, SelectableListItem> {
  return new Map(items.map((item) => [item.code, item]));
}

function toAbcDto(entry: AbcEntry, items: Map<string, SelectableListItem>, language: ListLanguage): AbcEntryDto {
  const text = (code: string | null | undefined, typed: string) => {
    const item = code ? items.get(code) : undefined;
    return item ? textIn(item, language) : typed;
  };
  return {
    id: entry.id,
    behavior_id: entry.behavior.id,
    antecedent: text(entry.antecedentCode, entry.antecedent),
    consequence: text(entry.consequenceCode, entry.consequence),
    created_at: entry.createdAt.toISOString(),
  };
}
