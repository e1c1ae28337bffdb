import { AccountDeletionMessages, accountDeletionProblem, type AccountChildren } from './account-deletion.js';

const [a, b, c, coordinator, other] = [
  '00000000-0000-4000-8000-00000000000a',
  '00000000-0000-4000-8000-00000000000b',
  '00000000-0000-4000-8000-00000000000c',
  '00000000-0000-4000-8000-0000000000c1',
  '00000000-0000-4000-8000-0000000000c2',
];

describe('accountDeletionProblem', () => {
  const stand: AccountChildren = {
    owned: [
      { child_id: a, offered_to: null },
      { child_id: b, offered_to: coordinator },
    ],
    coordinating: [{ child_id: c, owner_id: coordinator }],
  };

  it('lets an account go once each child it owns is to be deleted and each hand-over named was accepted', () => {
    const choices = [
      { child_id: a, action: 'DELETE' as const },
      { child_id: b, action: 'DELETE' as const },
      { child_id: c, action: 'TRANSFER' as const, to_user_id: coordinator },
    ];
    expect(accountDeletionProblem(choices, stand)).toBeNull();
    expect(accountDeletionProblem([], { owned: [], coordinating: [] })).toBeNull();
  });

  it.each([
    [
      'a child it owns left out',
      [{ child_id: a, action: 'DELETE' as const }],
      AccountDeletionMessages.childrenIncomplete,
      false,
    ],
    [
      'a hand-over still waiting for its coordinator',
      [
        { child_id: a, action: 'DELETE' as const },
        { child_id: b, action: 'TRANSFER' as const, to_user_id: coordinator },
      ],
      AccountDeletionMessages.handOverPending,
      true,
    ],
    [
      'a hand-over to someone it was not offered to',
      [
        { child_id: a, action: 'DELETE' as const },
        { child_id: b, action: 'TRANSFER' as const, to_user_id: other },
      ],
      AccountDeletionMessages.handOverNotOffered,
      false,
    ],
    [
      'a child it does not own, not handed over to that coordinator',
      [
        { child_id: a, action: 'DELETE' as const },
        { child_id: b, action: 'DELETE' as const },
        { child_id: c, action: 'TRANSFER' as const, to_user_id: other },
      ],
      AccountDeletionMessages.handOverNotOffered,
      false,
    ],
  ])('refuses %s', (_case, choices, message, conflict) => {
    expect(accountDeletionProblem(choices, stand)).toEqual({ message, conflict });
  });
});
