import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { ValidationFailed } from './domain-error.js';
import { describeZodError } from './exception.filter.js';

/** A service's catalogue of messages (e.g. `BillingMessages`) whose schema messages are answered as they are. */
export type OwnMessages = Readonly<Record<string, string>>;

/**
 * Parses input with a contracts schema; a mismatch is a 400 naming the field. A message of `ownMessages` names its
 * field in words already and is answered verbatim (the front end translates it by its exact text).
 */
export function parseInput<T>(schema: ZodType<T>, value: unknown, ownMessages?: OwnMessages): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const verbatim =
    first !== undefined && ownMessages !== undefined && Object.values(ownMessages).includes(first.message);
  throw new ValidationFailed(verbatim ? first.message : describeZodError(parsed.error));
}

/** Parses a request body; an absent body is read as `{}`, so the answer names the first missing field. */
export function parseBody<T>(schema: ZodType<T>, body: unknown, ownMessages?: OwnMessages): T {
  return parseInput(schema, body ?? {}, ownMessages);
}

/** `@Body(new ZodPipe(schema))`: validates a body, query or param with a contracts schema. */
@Injectable()
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    return parseInput(this.schema, value);
  }
}
