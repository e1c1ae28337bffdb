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
