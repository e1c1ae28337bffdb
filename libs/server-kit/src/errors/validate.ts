import { Injectable, type PipeTransform } from '@nestjs/common';
import type { ZodType } from 'zod';
import { ValidationFailed } from './domain-error.js';
import { describeZodError } from './exception.filter.js';

/** Parses input with a contracts schema; a mismatch is a 400 naming the field. */
export function parseInput<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationFailed(describeZodError(parsed.error));
  return parsed.data;
}

/** `@Body(new ZodPipe(schema))`: validates a body, query or param with a contracts schema. */
@Injectable()
export class ZodPipe<T> implements PipeTransform<unknown, T> {
  constructor(private readonly schema: ZodType<T>) {}

  transform(value: unknown): T {
    return parseInput(this.schema, value);
  }
}
