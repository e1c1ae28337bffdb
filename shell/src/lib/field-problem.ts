import { IdentityMessages } from '@aba/contracts/api';

/**
 * What a form's Fluent `Field` shows for a field's problem (a server message), if any: an empty required field says so
 * in the field's own words (`fieldRequired`), any other problem translated. Fluent puts the message under the control
 * and links it (aria-describedby); the form's banner is the alert, so the message itself is no alert.
 */
export function fieldProblemProps(
  problem: string | undefined,
  fieldRequired: string,
  translateError: (message: string) => string,
) {
  if (!problem) return {};
  const text = problem === IdentityMessages.requiredFields ? fieldRequired : translateError(problem);
  return { validationState: 'error' as const, validationMessage: { children: text, role: undefined } };
}

/** The field the focus goes to: the first one, in the form's `order`, that breaks a rule. */
export function firstFieldWithProblem<F extends string>(
  order: readonly F[],
  problems: Partial<Record<F, string>>,
): F | null {
  return order.find((field) => problems[field] !== undefined) ?? null;
}

/**
 * The line of a form's red banner: 'Please fill out all the required fields' when a field is empty (spec §5), else
 * the first field's message, in the form's `order`; null when nothing is wrong.
 */
export function problemsSummary<F extends string>(
  order: readonly F[],
  problems: Partial<Record<F, string>>,
): string | null {
  const messages = order.flatMap((field) => problems[field] ?? []);
  if (messages.includes(IdentityMessages.requiredFields)) return IdentityMessages.requiredFields;
  return messages[0] ?? null;
}
