import { toPlanDto } from './plan-kind.dto.js';
import { isUuid } from '../sql-rows.js';

describe('plan rows', () => {
  it('only takes uuids for ids (anything else names no object)', () => {
    expect(isUuid('6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).toBe(true);
    for (const value of ['', 'x', "1'; drop table plan; --", 42, null, undefined])
      expect(isUuid(value)).toBe(false);
  });

  it('maps entities and raw rows alike, dates as ISO strings', () => {
    const created = new Date('2026-11-24T10:00:00Z');
    const dto = {
      id: 'p',
      name: 'n',
      description: 'd',
      status: 'ACTIVE' as const,
      child_id: 'c',
      created_at: '2026-11-24T10:00:00.000Z',
    };
    expect(
      toPlanDto({ id: 'p', name: 'n', description: 'd', status: 'ACTIVE', childId: 'c', createdAt: created }),
    ).toEqual(dto);
    expect(
      toPlanDto({
        id: 'p',
        name: 'n',
        description: 'd',
        status: 'ACTIVE',
        child_id: 'c',
        created_at: '2026-11-24 10:00:00+00',
      }),
    ).toEqual(dto);
  });
});
