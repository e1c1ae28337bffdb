import { defineEntity, p } from '@mikro-orm/core';
import { Behavior } from '../behavior.entity.js';

/**
 * An ABC log entry: what came before the behaviour and what followed. Each side is the text as sent (a list item
 * or an "Other" text); when it is a list item, its code is kept too, so it is shown in the reader's language.
 * It is one occurrence of the behaviour (`trackingId`, a `behavior_tracking` row, ADR 0019; none for entries logged before that rule).
 */
export const AbcEntrySchema = defineEntity({
  name: 'AbcEntry',
  tableName: 'behavior_abc',
  properties: {
    id: p.uuid().primary(),
    behavior: () => p.manyToOne(Behavior).deleteRule('cascade'),
    trackingId: p.uuid().nullable(),
    antecedent: p.string().length(200),
    antecedentCode: p.string().length(64).nullable(),
    consequence: p.string().length(200),
    consequenceCode: p.string().length(64).nullable(),
    createdBy: p.uuid(),
    /** When it happened: the occurrence's time (the device's capture time, else the server's). */
    createdAt: p.datetime(),
    sessionId: p.uuid(),
    /** When it reached the server. */
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export class AbcEntry extends AbcEntrySchema.class {}
AbcEntrySchema.setClass(AbcEntry);
