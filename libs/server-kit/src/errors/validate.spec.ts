import { z } from 'zod';
import { ValidationFailed } from './domain-error.js';
import { parseBody, parseInput } from './validate.js';

const Messages = { quantityInvalid: 'Quantity must be a whole number of at least 1' } as const;
const checkout = z.object({ quantity: z.number({ error: Messages.quantityInvalid }) });

const failureOf = (parse: () => unknown): ValidationFailed => {
  try {
    parse();
  } catch (error) {
    if (error instanceof ValidationFailed) return error;
    throw error;
  }
  throw new Error('expected a ValidationFailed');
};

describe('parseInput', () => {
  it('answers the parsed value', () => {
    expect(parseInput(checkout, { quantity: 3 })).toEqual({ quantity: 3 });
  });

  it('refuses a mismatch with 400 naming the field', () => {
    const failure = failureOf(() => parseInput(checkout, { quantity: 'x' }));
    expect([failure.status, failure.message]).toEqual([400, `quantity: ${Messages.quantityInvalid}`]);
  });

  it("answers a message of the service's own catalogue verbatim", () => {
    expect(failureOf(() => parseInput(checkout, { quantity: 'x' }, Messages)).message).toBe(
      Messages.quantityInvalid,
    );
    expect(failureOf(() => parseInput(z.object({ n: z.number() }), {}, Messages)).message).toMatch(/^n: /);
  });
});

describe('parseBody', () => {
  it('reads an absent body as {} and names the first missing field', () => {
    expect(failureOf(() => parseBody(checkout, undefined)).message).toBe(
      `quantity: ${Messages.quantityInvalid}`,
    );
    expect(failureOf(() => parseBody(checkout, null, Messages)).message).toBe(Messages.quantityInvalid);
  });
});
