import { z } from 'zod';

/**
 * Text a request may carry. Two things a JSON string can hold are not text that can be stored: NUL (Postgres `text`
 * refuses it) and a UTF-16 surrogate without its pair (no character; UTF-8 cannot encode it). Every text field of
 * every request is refused with a 400 naming the field when it holds one, instead of failing in the database.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this finds
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TextMessages = {
  unstorable: 'contains a character that cannot be stored (NUL or a broken character)',
} as const;

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** The first text field holding something unstorable, as `field: message`; null when all are fine. */
export function unstorableTextProblem(fields: Record<string, unknown>): string | null {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string' && !isStorableText(value)) return `${field}: ${TextMessages.unstorable}`;
  }
  return null;
}

/** Refuses unstorable text in a string schema (keeps the schema's own type and messages). */
export function storable<T extends z.ZodString>(schema: T): T {
  return schema.refine(isStorableText, { error: TextMessages.unstorable });
}

/** A request's text field: a string of at most `max` characters that can be stored. */
export const text = (max: number) => storable(z.string().max(max));
