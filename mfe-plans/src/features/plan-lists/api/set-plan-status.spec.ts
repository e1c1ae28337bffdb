import type { Plan } from '@aba/contracts/api';
import { withStatus } from './set-plan-status.js';

const plan = (id: string, name: string, status: Plan['status']): Plan => ({
  id,
  name,
  status,
  description: '',
  child_id: 'c',
  created_at: '2026-01-01T00:00:00Z',
});

describe('a status change in a list', () => {
  it('moves the row to its place: ACTIVE, INACTIVE, COMPLETED, then name', () => {
    const plans = [plan('1', 'Alpha', 'ACTIVE'), plan('2', 'Beta', 'ACTIVE'), plan('3', 'Gamma', 'INACTIVE')];
    withStatus(plans, '1', 'COMPLETED');
    expect(plans.map((p) => [p.name, p.status])).toEqual([
      ['Beta', 'ACTIVE'],
      ['Gamma', 'INACTIVE'],
      ['Alpha', 'COMPLETED'],
    ]);
    withStatus(plans, '3', 'ACTIVE');
    expect(plans.map((p) => p.name)).toEqual(['Beta', 'Gamma', 'Alpha']);
    withStatus(plans, 'unknown', 'ACTIVE');
    expect(plans).toHaveLength(3);
  });
});
