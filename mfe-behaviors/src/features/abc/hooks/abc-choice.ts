import { ABC_TEXT_MAX } from '@aba/contracts/api';

/**
 * The ABC form's choices (spec §2): each side — antecedent, consequence — is one item of the server's list, or
 * "Other" with a free text, or nothing. Choosing an item hides the others; choosing it again deselects it (and
 * shows them all again). Save is possible only when both sides have a value.
 */
export type Choice = { kind: 'none' } | { kind: 'item'; value: string } | { kind: 'other'; text: string };
export type Side = 'antecedent' | 'consequence';

export const NO_CHOICE: Choice = { kind: 'none' };

export type ChoiceAction =
  | { type: 'choose'; value: string }
  | { type: 'chooseOther' }
  | { type: 'typeOther'; text: string }
  | { type: 'clear' };

export function choiceReducer(choice: Choice, action: ChoiceAction): Choice {
  switch (action.type) {
    case 'choose':
      return choice.kind === 'item' && choice.value === action.value ? NO_CHOICE : { kind: 'item', value: action.value };
    case 'chooseOther':
      return choice.kind === 'other' ? NO_CHOICE : { kind: 'other', text: '' };
    case 'typeOther':
      return choice.kind === 'other' ? { kind: 'other', text: action.text.slice(0, ABC_TEXT_MAX) } : choice;
    case 'clear':
      return NO_CHOICE;
  }
}

/** What the side's column shows: every item and "Other" while nothing is chosen, else only the choice. */
export function visibleOptions(choice: Choice, items: readonly string[]): { items: string[]; other: boolean } {
  switch (choice.kind) {
    case 'none':
      return { items: [...items], other: true };
    case 'item':
      return { items: [choice.value], other: false };
    case 'other':
      return { items: [], other: true };
  }
}

/** The text a side stands for (trimmed), or null when it has none yet ("Other" with a blank text has none). */
export function choiceValue(choice: Choice): string | null {
  switch (choice.kind) {
    case 'none':
      return null;
    case 'item':
      return choice.value;
    case 'other': {
      const text = choice.text.trim();
      return text === '' ? null : text;
    }
  }
}

export interface AbcFormState {
  antecedent: Choice;
  consequence: Choice;
}

export const EMPTY_ABC_FORM: AbcFormState = { antecedent: NO_CHOICE, consequence: NO_CHOICE };

export type AbcFormAction = (ChoiceAction & { side: Side }) | { type: 'reset' };

export function abcFormReducer(state: AbcFormState, action: AbcFormAction): AbcFormState {
  if (action.type === 'reset') return EMPTY_ABC_FORM;
  const next = choiceReducer(state[action.side], action);
  return next === state[action.side] ? state : { ...state, [action.side]: next };
}

/** The body to save, or null while a side is missing (Save disabled, "Please select antecedent and consequence"). */
export function abcSubmission(state: AbcFormState): { antecedent: string; consequence: string } | null {
  const antecedent = choiceValue(state.antecedent);
  const consequence = choiceValue(state.consequence);
  return antecedent !== null && consequence !== null ? { antecedent, consequence } : null;
}
