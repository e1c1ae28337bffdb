import { mayAlterEvaluation } from './evaluations.service.js';

describe('who may delete or correct an evaluation', () => {
  const author = 'a0000000-0000-4000-8000-000000000001';
  const other = 'a0000000-0000-4000-8000-000000000002';

  it('its author, whatever the relation', () => {
    expect(mayAlterEvaluation({ relation: 'THERAPIST', userId: author }, author)).toBe(true);
  });

  it("not a therapist's colleague", () => {
    expect(mayAlterEvaluation({ relation: 'THERAPIST', userId: other }, author)).toBe(false);
  });

  it('owners and coordinators: anyone’s', () => {
    expect(mayAlterEvaluation({ relation: 'OWNER', userId: other }, author)).toBe(true);
    expect(mayAlterEvaluation({ relation: 'ADMIN', userId: other }, author)).toBe(true);
  });
});
