import { toPlanDto } from './plan-kind.dto.js';

describe('plan rows', () => {
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
