import { ErrorMessages } from '@aba/contracts/api';
import { z } from 'zod';
import { createItemRequestSchema } from '@aba/contracts/api';
import { databaseOutage, describeZodError } from './exception.filter.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseOutage', () => {
  it('recognises a database that is down, restarting or unreachable, also when wrapped by the ORM', () => {
    expect(databaseOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toEqual([
      503,
      ErrorMessages.serviceUnavailable,
    ]);
    const shutdown = withCode('terminating connection due to administrator command', '57P01');
    expect(databaseOutage(new Error('driver exception', { cause: shutdown }))).toEqual([
      503,
      ErrorMessages.serviceUnavailable,
    ]);
    expect(databaseOutage(new Error('timeout exceeded when trying to connect'))).toEqual([
      503,
      ErrorMessages.serviceUnavailable,
    ]);
    expect(databaseOutage(withCode('canceling statement due to statement timeout', '57014'))).toEqual([
      503,
      ErrorMessages.serviceTimeout,
    ]);
  });

  it('leaves every other failure a 500', () => {
    expect(databaseOutage(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(databaseOutage(new TypeError('x is undefined'))).toBeNull();
    expect(databaseOutage('not an error')).toBeNull();
  });
});

describe('describeZodError', () => {
  const describe400 = (schema: z.ZodType, value: unknown) => describeZodError(schema.safeParse(value).error!);

  it('names the field once', () => {
    expect(describe400(z.object({ quantity: z.number() }), { quantity: 'x' })).toMatch(/^quantity: /);
    expect(describe400(createItemRequestSchema, { description: 'Sare' })).toBe(
      'sub_plan_id: expected a sub-plan id',
    );
  });
});
