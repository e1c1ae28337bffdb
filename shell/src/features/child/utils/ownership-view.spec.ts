import { CHILD_PERMISSIONS, type ChildRelation, type Helper, type OwnershipOffer } from '@aba/contracts/api';
import { handOverRow, isOfferedTo, mayHandOver } from './ownership-view.js';

const CORA = '0b9f5a2e-6a53-4a39-9a3c-1f7f2c4d5e61';
const DANA = '5d3e2f1a-7b8c-4d9e-8f0a-1b2c3d4e5f60';

const coordinator = (userId: string | null, overrides: Partial<Helper> = {}): Helper => ({
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  first_name: 'Cora',
  last_name: 'Coord',
  email: 'cora@example.com',
  access_type: 'ADMIN',
  status: 'ACTIVE',
  user_id: userId,
  ...overrides,
});

const offerTo = (userId: string): OwnershipOffer => ({
  to_user_id: userId,
  to_name: 'Cora Coord',
  from_name: 'Ioana Marin',
  offered_at: '2026-12-01T10:00:00.000Z',
});

describe('mayHandOver', () => {
  it('is the owner’s alone, as deleting the child is', () => {
    for (const relation of Object.keys(CHILD_PERMISSIONS) as ChildRelation[]) {
      expect([relation, mayHandOver(relation)]).toEqual([relation, CHILD_PERMISSIONS[relation].delete]);
    }
    expect(mayHandOver('OWNER')).toBe(true);
    expect(mayHandOver('ADMIN')).toBe(false);
    expect(mayHandOver(null)).toBe(false);
  });
});

describe('handOverRow', () => {
  it('offers the child to an active coordinator with an account', () => {
    expect(handOverRow(coordinator(CORA), null)).toBe('offer');
    expect(handOverRow(coordinator(CORA), offerTo(DANA))).toBe('offer');
  });

  it('shows the offer waiting on the row of the coordinator it is for', () => {
    expect(handOverRow(coordinator(CORA), offerTo(CORA))).toBe('waiting');
  });

  it('offers nothing to a therapist, an invitation or a member without an account', () => {
    expect(handOverRow(coordinator(CORA, { access_type: 'THERAPIST' }), null)).toBeNull();
    expect(handOverRow(coordinator(CORA, { status: 'PENDING' }), null)).toBeNull();
    expect(handOverRow(coordinator(null), null)).toBeNull();
  });
});

describe('isOfferedTo', () => {
  it('is true for the user the waiting offer is for only', () => {
    expect(isOfferedTo({ ownership_offer: offerTo(CORA) }, CORA)).toBe(true);
    expect(isOfferedTo({ ownership_offer: offerTo(CORA) }, DANA)).toBe(false);
    expect(isOfferedTo({ ownership_offer: null }, CORA)).toBe(false);
    expect(isOfferedTo({ ownership_offer: offerTo(CORA) }, null)).toBe(false);
  });
});
