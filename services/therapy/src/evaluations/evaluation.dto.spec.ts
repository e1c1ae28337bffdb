import { toEvaluationDto } from './evaluation.dto.js';

describe('evaluation rows', () => {
  it('gives an unknown author empty names', () => {
    const row = {
      id: 'e',
      result: 'NO' as const,
      captured_at: new Date('2026-11-24T10:00:00Z'),
      user_id: 'u',
      item_id: 'i',
      plan_id: null,
      first_name: null,
      last_name: null,
    };
    expect(toEvaluationDto(row)).toMatchObject({
      user_first_name: '',
      user_last_name: '',
      date: '2026-11-24T10:00:00.000Z',
    });
  });
});
