import { z } from 'zod';
import { createItemRequestSchema, planFormRequestSchema } from './plans.js';
import { loginRequestSchema, registerRequestSchema } from './identity.js';
import { createChildRequestSchema, addHelperRequestSchema } from './children.js';
import { createSubscriptionRequestSchema } from './billing.js';
import { parseAbcForm, parseBehaviorForm } from './behaviors.js';
import { isStorableText, text, TextMessages, unstorableTextProblem } from './text.js';

const SUB_PLAN = '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const UNSTORABLE = ['a\u0000b', '\u0000', 'x\ud800', '\udfffx', 'emoji cut \ud83d', '\ude00 tail'];
const STORABLE = ['', 'Țipă', '😀 whole emoji', 'a\u0001b', '\uFFFD', 'مرحبا', '\u202e'];

function firstIssue(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

describe('storable text', () => {
  it.each(UNSTORABLE)('refuses %j (NUL or a lone surrogate)', (value) => {
    expect(isStorableText(value)).toBe(false);
    expect(text(100).safeParse(value).success).toBe(false);
  });

  it.each(STORABLE)('accepts %j', (value) => {
    expect(isStorableText(value)).toBe(true);
    expect(text(100).safeParse(value).success).toBe(true);
  });

  it('names the first bad field', () => {
    expect(unstorableTextProblem({ name: 'ok', description: 'a\u0000' })).toBe(
      `description: ${TextMessages.unstorable}`,
    );
    expect(unstorableTextProblem({ name: 'ok', count: 3 })).toBeNull();
  });

  it.each([
    ['login', loginRequestSchema, { email: 'a@b.ro', password: 'x\u0000' }, 'password'],
    [
      'register',
      registerRequestSchema,
      {
        first_name: 'Ana\ud800',
        last_name: 'P',
        email: 'a@b.ro',
        phone: '1',
        password: 'p',
        confirmedPassword: 'p',
      },
      'first_name',
    ],
    [
      'child create',
      createChildRequestSchema,
      { first_name: 'A', last_name: '\u0000', date_of_birth: '2020-01-01' },
      'last_name',
    ],
    ['helper add', addHelperRequestSchema, { email: 'a\u0000@b.ro' }, 'email'],
    ['plan form', planFormRequestSchema, { name: 'Plan\udc00', description: 'd' }, 'name'],
    ['item create', createItemRequestSchema, { description: '\u0000', sub_plan_id: SUB_PLAN }, 'description'],
    [
      'wrapped item create',
      createItemRequestSchema,
      { item: { description: '\ud83d', sub_plan_id: SUB_PLAN } },
      'description',
    ],
    [
      'subscription create',
      createSubscriptionRequestSchema,
      { user_email: 'a@b.ro\u0000', quantity: 1 },
      'user_email',
    ],
  ] as const)('%s refuses it with the field named', (_call, schema, body, field) => {
    expect(firstIssue(schema, body)).toBe(`${field}: ${TextMessages.unstorable}`);
  });

  it('behaviour and ABC forms refuse it with the field named', () => {
    expect(parseBehaviorForm({ name: 'Țipă\u0000' })).toEqual({
      problem: `name: ${TextMessages.unstorable}`,
    });
    expect(parseBehaviorForm({ name: 'Țipă', description: '\ud800' })).toEqual({
      problem: `description: ${TextMessages.unstorable}`,
    });
    expect(parseAbcForm({ behavior_id: SUB_PLAN, antecedent: 'Cerere', consequence: 'Pauză\udfff' })).toEqual(
      {
        problem: `consequence: ${TextMessages.unstorable}`,
      },
    );
  });
});

describe('item create body', () => {
  it('reads { item: { description, sub_plan_id } } like the bare body', () => {
    expect(createItemRequestSchema.parse({ item: { description: 'Sare', sub_plan_id: SUB_PLAN } })).toEqual({
      description: 'Sare',
      sub_plan_id: SUB_PLAN,
    });
    expect(createItemRequestSchema.parse({ description: 'Sare', sub_plan_id: SUB_PLAN })).toEqual({
      description: 'Sare',
      sub_plan_id: SUB_PLAN,
    });
  });

  it('names sub_plan_id when it is missing in either shape', () => {
    expect(firstIssue(createItemRequestSchema, { item: { description: 'Sare' } })).toMatch(/^sub_plan_id: /);
    expect(firstIssue(createItemRequestSchema, { description: 'Sare' })).toMatch(/^sub_plan_id: /);
  });
});
