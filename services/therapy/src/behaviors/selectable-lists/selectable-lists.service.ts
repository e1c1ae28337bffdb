import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { BehaviorMessages, selectableListKindSchema, type SelectableListKind } from '@aba/contracts/api';
import { ValidationFailed } from '@aba/server-kit';
import type { ListLanguage } from '../../language.js';
import { SelectableListItem } from './selectable-list-item.entity.js';

export function textIn(item: SelectableListItem, language: ListLanguage): string {
  return language === 'en' ? item.textEn : item.textRo;
}

const sameText = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The antecedent and consequence lists: few rows, read as needed. */
@Injectable()
export class SelectableListsService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /** The kind named in a path (`antecedent`, `consequence`), or 400. */
  static kindOf(value: unknown): SelectableListKind {
    const parsed = selectableListKindSchema.safeParse(value);
    if (!parsed.success) throw new ValidationFailed(BehaviorMessages.listKindUnknown);
    return parsed.data;
  }

  async items(kind?: SelectableListKind): Promise<SelectableListItem[]> {
    return this.em.find(SelectableListItem, kind ? { kind } : {}, {
      orderBy: { kind: 'asc', position: 'asc' },
    });
  }

  async list(kind: SelectableListKind, language: ListLanguage): Promise<string[]> {
    return (await this.items(kind)).map((item) => textIn(item, language));
  }

  /** The item of `kind` whose Romanian or English text is `text` (ignoring case and outer spaces), if any. */
  static match(
    items: readonly SelectableListItem[],
    kind: SelectableListKind,
    text: string,
  ): SelectableListItem | null {
    return (
      items.find(
        (item) => item.kind === kind && (sameText(item.textRo, text) || sameText(item.textEn, text)),
      ) ?? null
    );
  }
}
