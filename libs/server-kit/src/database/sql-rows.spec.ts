import type { EntityManager } from '@mikro-orm/core';
import { jest } from '@jest/globals';
import fc from 'fast-check';
import { isUuid, sqlRows, toIso } from './sql-rows.js';

describe('sqlRows', () => {
  it("runs the statement once, in the entity manager's transaction, and answers its rows", async () => {
    const transaction = { id: 'tx' };
    const execute = jest.fn(async () => [{ id: 'a' }]);
    const em = {
      getConnection: () => ({ execute }),
      getTransactionContext: () => transaction,
    } as unknown as EntityManager;

    const rows = await sqlRows<{ id: string }>(em, 'select "id" from "child" where "id" = ?', ['a']);

    expect(rows).toEqual([{ id: 'a' }]);
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute).toHaveBeenCalledWith(
      'select "id" from "child" where "id" = ?',
      ['a'],
      'all',
      transaction,
    );
  });
});

describe('isUuid', () => {
  it('only takes uuids for ids (anything else names no object)', () => {
    expect(isUuid('6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).toBe(true);
    for (const value of ['', 'x', "1'; drop table plan; --", 42, null, undefined])
      expect(isUuid(value)).toBe(false);
  });
});

describe('toIso', () => {
  it('writes dates and timestamp text alike as ISO strings', () => {
    expect(toIso(new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-24T10:00:00.000Z');
    expect(toIso('2026-11-24 11:00:00+01')).toBe('2026-11-24T10:00:00.000Z');
  });

  it("writes Postgres's UTC text from JSON as a Date would, whatever its fraction", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('9999-12-31T23:59:59Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 999 }),
        (date, micros) => {
          const fraction = `${String(date.getUTCMilliseconds()).padStart(3, '0')}${String(micros).padStart(3, '0')}`;
          const trimmed = fraction.replace(/0+$/, '');
          const text = `${date.toISOString().slice(0, 19)}${trimmed ? `.${trimmed}` : ''}+00:00`;
          expect(toIso(text)).toBe(new Date(text).toISOString());
        },
      ),
    );
  });
});
