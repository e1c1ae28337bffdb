import { ABC_TEXT_MAX } from '@aba/contracts/api';
import {
  abcFormReducer,
  abcSubmission,
  choiceReducer,
  choiceValue,
  EMPTY_ABC_FORM,
  NO_CHOICE,
  visibleOptions,
  type AbcFormAction,
  type AbcFormState,
  type Choice,
} from './abc-choice.js';

const items = ['Demand placed', 'Transition between activities', 'Told "no"'];

describe('ABC choice of one side', () => {
  it('shows every item and Other while nothing is chosen', () => {
    expect(visibleOptions(NO_CHOICE, items)).toEqual({ items, other: true });
    expect(choiceValue(NO_CHOICE)).toBeNull();
  });

  it('choosing an item hides the others; choosing it again deselects', () => {
    const chosen = choiceReducer(NO_CHOICE, { type: 'choose', value: 'Told "no"' });
    expect(chosen).toEqual({ kind: 'item', value: 'Told "no"' });
    expect(visibleOptions(chosen, items)).toEqual({ items: ['Told "no"'], other: false });
    expect(choiceValue(chosen)).toBe('Told "no"');
    const again = choiceReducer(chosen, { type: 'choose', value: 'Told "no"' });
    expect(again).toEqual(NO_CHOICE);
    expect(visibleOptions(again, items)).toEqual({ items, other: true });
  });

  it('choosing another item replaces the choice', () => {
    const first = choiceReducer(NO_CHOICE, { type: 'choose', value: items[0] });
    expect(choiceReducer(first, { type: 'choose', value: items[1] })).toEqual({ kind: 'item', value: items[1] });
  });

  it('Other hides the items and takes a free text, which counts once it is not blank', () => {
    const other = choiceReducer(NO_CHOICE, { type: 'chooseOther' });
    expect(visibleOptions(other, items)).toEqual({ items: [], other: true });
    expect(choiceValue(other)).toBeNull();
    const blank = choiceReducer(other, { type: 'typeOther', text: '   ' });
    expect(choiceValue(blank)).toBeNull();
    const typed = choiceReducer(other, { type: 'typeOther', text: '  Brother took his toy ' });
    expect(choiceValue(typed)).toBe('Brother took his toy');
    // choosing Other again deselects it and forgets the text
    expect(choiceReducer(typed, { type: 'chooseOther' })).toEqual(NO_CHOICE);
    expect(choiceReducer(choiceReducer(typed, { type: 'chooseOther' }), { type: 'chooseOther' })).toEqual({
      kind: 'other',
      text: '',
    });
  });

  it('typing only applies to Other, and is limited to the server limit', () => {
    const chosen: Choice = { kind: 'item', value: items[0] };
    expect(choiceReducer(chosen, { type: 'typeOther', text: 'x' })).toBe(chosen);
    const long = choiceReducer({ kind: 'other', text: '' }, { type: 'typeOther', text: 'x'.repeat(ABC_TEXT_MAX + 50) });
    expect(long).toEqual({ kind: 'other', text: 'x'.repeat(ABC_TEXT_MAX) });
  });

  it('an item may be chosen from Other (switching) and clear empties', () => {
    const other = choiceReducer(NO_CHOICE, { type: 'chooseOther' });
    expect(choiceReducer(other, { type: 'choose', value: items[2] })).toEqual({ kind: 'item', value: items[2] });
    expect(choiceReducer(other, { type: 'clear' })).toEqual(NO_CHOICE);
  });
});

describe('ABC form', () => {
  const run = (...actions: AbcFormAction[]): AbcFormState => actions.reduce(abcFormReducer, EMPTY_ABC_FORM);

  it('cannot be saved until both sides are chosen', () => {
    expect(abcSubmission(EMPTY_ABC_FORM)).toBeNull();
    expect(abcSubmission(run({ side: 'antecedent', type: 'choose', value: items[0] }))).toBeNull();
    expect(abcSubmission(run({ side: 'consequence', type: 'chooseOther' }, { side: 'antecedent', type: 'choose', value: 'a' }))).toBeNull();
    expect(
      abcSubmission(
        run(
          { side: 'antecedent', type: 'choose', value: items[0] },
          { side: 'consequence', type: 'chooseOther' },
          { side: 'consequence', type: 'typeOther', text: ' Sent to his room ' },
        ),
      ),
    ).toEqual({ antecedent: items[0], consequence: 'Sent to his room' });
  });

  it('the sides are independent, and reset empties both', () => {
    const state = run(
      { side: 'antecedent', type: 'choose', value: items[0] },
      { side: 'consequence', type: 'choose', value: items[0] },
      { side: 'antecedent', type: 'choose', value: items[0] },
    );
    expect(state).toEqual({ antecedent: NO_CHOICE, consequence: { kind: 'item', value: items[0] } });
    expect(abcFormReducer(state, { type: 'reset' })).toEqual(EMPTY_ABC_FORM);
  });

  it('keeps its identity when nothing changes', () => {
    const state = run({ side: 'antecedent', type: 'choose', value: items[0] });
    expect(abcFormReducer(state, { side: 'antecedent', type: 'typeOther', text: 'x' })).toBe(state);
  });
});
