import { defineEntity, p } from '@mikro-orm/core';
import { SELECTABLE_LIST_KINDS } from '@aba/contracts/api';

/** An item of the antecedent or consequence list, in Romanian and English (seeded by the behaviours migration). */
export const SelectableListItemSchema = defineEntity({
  name: 'SelectableListItem',
  tableName: 'selectable_list_item',
  properties: {
    code: p.string().length(64).primary(),
    kind: p.enum(SELECTABLE_LIST_KINDS),
    position: p.integer(),
    textRo: p.string().length(200),
    textEn: p.string().length(200),
  },
});
export class SelectableListItem extends SelectableListItemSchema.class {}
SelectableListItemSchema.setClass(SelectableListItem);
