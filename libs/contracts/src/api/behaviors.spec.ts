import { ABC_TEXT_MAX, BEHAVIOR_NAME_MAX, BehaviorMessages, parseAbcForm, parseBehaviorForm } from './behaviors.js';

const id = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('behaviour form', () => {
  it('trims the name and the description', () => {
    expect(parseBehaviorForm({ name: '  Hitting ', description: ' at school ' })).toEqual({
      name: 'Hitting',
      description: 'at school',
    });
    expect(parseBehaviorForm({ name: 'Biting' })).toEqual({ name: 'Biting', description: '' });
  });

  it.each([
    ['no body', undefined],
    ['an array', ['x']],
    ['no name', {}],
    ['a blank name', { name: '   ' }],
    ['a number for a name', { name: 42 }],
    ['an object for a name', { name: { x: 1 } }],
  ])('asks for a name given %s', (_name, body) => {
    expect(parseBehaviorForm(body)).toEqual({ problem: BehaviorMessages.nameRequired });
  });

  it('limits the name and the description', () => {
    expect(parseBehaviorForm({ name: 'x'.repeat(BEHAVIOR_NAME_MAX) })).toMatchObject({ name: 'x'.repeat(BEHAVIOR_NAME_MAX) });
    expect(parseBehaviorForm({ name: 'x'.repeat(BEHAVIOR_NAME_MAX + 1) })).toEqual({ problem: BehaviorMessages.nameTooLong });
    expect(parseBehaviorForm({ name: 'a', description: 'x'.repeat(501) })).toEqual({
      problem: BehaviorMessages.descriptionTooLong,
    });
    expect(parseBehaviorForm({ name: 'a', description: 7 })).toEqual({ problem: BehaviorMessages.descriptionTooLong });
  });
});

describe('ABC form', () => {
  it('trims both texts', () => {
    expect(parseAbcForm({ behavior_id: id, antecedent: ' Demand placed ', consequence: 'Escape ' })).toEqual({
      behavior_id: id,
      antecedent: 'Demand placed',
      consequence: 'Escape',
    });
  });

  it.each([
    ['no antecedent', { behavior_id: id, consequence: 'x' }],
    ['no consequence', { behavior_id: id, antecedent: 'x' }],
    ['a blank antecedent', { behavior_id: id, antecedent: '  ', consequence: 'x' }],
    ['a number', { behavior_id: id, antecedent: 1, consequence: 'x' }],
    ['nothing', null],
  ])('asks for both given %s', (_name, body) => {
    expect(parseAbcForm(body)).toEqual({ problem: BehaviorMessages.abcIncomplete });
  });

  it('limits the texts and needs a behaviour id', () => {
    expect(parseAbcForm({ behavior_id: id, antecedent: 'x'.repeat(ABC_TEXT_MAX + 1), consequence: 'y' })).toEqual({
      problem: BehaviorMessages.abcTooLong,
    });
    expect(parseAbcForm({ behavior_id: 'nope', antecedent: 'x', consequence: 'y' })).toEqual({
      problem: BehaviorMessages.behaviorIdInvalid,
    });
  });
});
