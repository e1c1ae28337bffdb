import {
  AccountDeletionMessages,
  accountDeletionProblem,
  IdentityMessages,
  type Child,
  type ChildRelation,
  type DeletedChild,
  type OwnershipOffer,
  type SubscriptionDataResponse,
} from '@aba/contracts/api';
import {
  accountDeletionRequest,
  childName,
  deletionFilled,
  deletionFormProblem,
  deletionOverview,
  deletionProblemField,
  subscriptionsOutcome,
  waitingHandOvers,
} from './account-deletion.js';

const CORA = '0b9f5a2e-6a53-4a39-9a3c-1f7f2c4d5e61';

const child = (id: string, relation: ChildRelation, first_name = 'Matei'): Child => ({
  id,
  first_name,
  last_name: 'Popescu',
  date_of_birth: '2019-04-02',
  time_zone: 'Europe/Bucharest',
  relation,
});

const MATEI = child('11111111-1111-4111-8111-111111111111', 'OWNER');
const ILINCA = child('22222222-2222-4222-8222-222222222222', 'OWNER', 'Ilinca');
const ANDREI = child('33333333-3333-4333-8333-333333333333', 'THERAPIST', 'Andrei');
const SARA = child('44444444-4444-4444-8444-444444444444', 'ADMIN', 'Sara');
const DELETED: DeletedChild = {
  id: '55555555-5555-4555-8555-555555555555',
  first_name: 'Radu',
  last_name: 'Popescu',
  date_of_birth: '2018-01-01',
  time_zone: 'Europe/Bucharest',
  deleted_at: '2026-11-01T10:00:00.000Z',
  erase_at: '2026-12-01T10:00:00.000Z',
};
const OFFER: OwnershipOffer = {
  to_user_id: CORA,
  to_name: 'Cora Coord',
  from_name: 'Ioana Marin',
  offered_at: '2026-11-20T10:00:00.000Z',
};

describe('deletionOverview', () => {
  it('sorts the children the user owns, each with its waiting hand-over, from those they help with', () => {
    const overview = deletionOverview([MATEI, ANDREI, ILINCA, SARA], new Map([[ILINCA.id, OFFER]]), [
      DELETED,
    ]);
    expect(overview).toEqual({
      owned: [
        { child: MATEI, offer: null },
        { child: ILINCA, offer: OFFER },
      ],
      helped: [ANDREI, SARA],
      deleted: [DELETED],
    });
    expect(waitingHandOvers(overview)).toEqual([{ child: ILINCA, offer: OFFER }]);
  });

  it('has nothing waiting when no offer does', () => {
    expect(waitingHandOvers(deletionOverview([MATEI], new Map(), []))).toEqual([]);
  });
});

describe('childName', () => {
  it('is the first and the last name', () => {
    expect(childName(MATEI)).toBe('Matei Popescu');
    expect(childName({ first_name: ' Ana ', last_name: '' })).toBe('Ana');
  });
});

describe('subscriptionsOutcome', () => {
  const data = (total: number, uses: Array<[string, 'active' | 'inactive']>): SubscriptionDataResponse => ({
    total,
    subscriptions_in_use: uses.map(([first, status], index) => ({
      child_subscription_id: `6666666${index}-6666-4666-8666-666666666666`,
      child_id: MATEI.id,
      child_first_name: first,
      child_last_name: 'Popescu',
      status,
    })),
    online_payment: { manage: false, add_licenses: false },
    owned_children: [],
    helps_other_children: false,
  });

  it('cancels the subscriptions, naming the children whose licence is in use', () => {
    expect(
      subscriptionsOutcome(
        data(2, [
          ['Matei', 'active'],
          ['Radu', 'inactive'],
        ]),
      ),
    ).toEqual({
      kind: 'cancelled',
      inUse: ['Matei Popescu'],
    });
    expect(subscriptionsOutcome(data(1, []))).toEqual({ kind: 'cancelled', inUse: [] });
  });

  it('has none to cancel without an active subscription or a licence in use; unknown before billing answers', () => {
    expect(subscriptionsOutcome(data(0, [['Radu', 'inactive']]))).toEqual({ kind: 'none', inUse: [] });
    expect(subscriptionsOutcome(undefined)).toEqual({ kind: 'unknown', inUse: [] });
  });
});

describe('the deletion form', () => {
  const email = 'Ioana.Marin@example.com';

  it('is filled once the password and the e-mail are typed', () => {
    expect(deletionFilled({ password: '', confirmation: email })).toBe(false);
    expect(deletionFilled({ password: 'x', confirmation: '  ' })).toBe(false);
    expect(deletionFilled({ password: ' ', confirmation: email })).toBe(true);
  });

  it('takes the account’s e-mail as the server does (trimmed, any case), and nothing else', () => {
    expect(
      deletionFormProblem({ password: 'secret', confirmation: ' ioana.marin@EXAMPLE.com ' }, email),
    ).toBeNull();
    expect(deletionFormProblem({ password: 'secret', confirmation: 'ioana@example.com' }, email)).toBe(
      AccountDeletionMessages.confirmationMismatch,
    );
    expect(deletionFormProblem({ password: '', confirmation: email }, email)).toBe(
      IdentityMessages.requiredFields,
    );
  });

  it('marks the field a refusal is about; the rest are said beside the button', () => {
    expect(deletionProblemField(IdentityMessages.wrongCurrentPassword)).toBe('password');
    expect(deletionProblemField(IdentityMessages.requiredFields)).toBe('password');
    expect(deletionProblemField(AccountDeletionMessages.confirmationMismatch)).toBe('confirmation');
    for (const message of [
      AccountDeletionMessages.handOverPending,
      AccountDeletionMessages.childrenIncomplete,
      AccountDeletionMessages.unavailable,
      IdentityMessages.tooManyAttempts,
      undefined,
    ]) {
      expect(deletionProblemField(message)).toBeNull();
    }
  });
});

describe('accountDeletionRequest', () => {
  const values = { password: ' Parola-buna-2026 ', confirmation: ' ioana@example.com ' };

  it('deletes every child the user owns, which the server accepts', () => {
    const body = accountDeletionRequest(values, deletionOverview([MATEI, ANDREI, ILINCA], new Map(), []));
    expect(body).toEqual({
      password: ' Parola-buna-2026 ',
      confirmation: 'ioana@example.com',
      children: [
        { child_id: MATEI.id, action: 'DELETE' },
        { child_id: ILINCA.id, action: 'DELETE' },
      ],
    });
    const stand = {
      owned: [MATEI, ILINCA].map((owned) => ({ child_id: owned.id, offered_to: null })),
      coordinating: [],
    };
    expect(accountDeletionProblem(body.children, stand)).toBeNull();
  });

  it('names a child whose hand-over waits as handed over to that coordinator: the server says it waits', () => {
    const body = accountDeletionRequest(
      values,
      deletionOverview([MATEI, ILINCA], new Map([[ILINCA.id, OFFER]]), []),
    );
    expect(body.children).toEqual([
      { child_id: MATEI.id, action: 'DELETE' },
      { child_id: ILINCA.id, action: 'TRANSFER', to_user_id: CORA },
    ]);
    const stand = {
      owned: [
        { child_id: MATEI.id, offered_to: null },
        { child_id: ILINCA.id, offered_to: CORA },
      ],
      coordinating: [],
    };
    expect(accountDeletionProblem(body.children, stand)).toEqual({
      message: AccountDeletionMessages.handOverPending,
      conflict: true,
    });
  });
});
