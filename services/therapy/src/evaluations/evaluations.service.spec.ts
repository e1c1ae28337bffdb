import { mayDeleteEvaluation } from './evaluations.service.js';

describe('who may delete an evaluation', () => {
  const author = 'a0000000-0000-4000-8000-000000000001';
  const other = 'a0000000-0000-4000-8000-000000000002';

  it('its author, whatever the relation', () => {
    expect(mayDeleteEvaluation({ relation: 'THERAPIST', userId: author }, author)).toBe(true);
  });

  it("not a therapist's colleague", () => {
    expect(mayDeleteEvaluation({ relation: 'THERAPIST', userId: other }, author)).toBe(false);
  });

  it('owners and coordinators: anyone’s', () => {
    expect(mayDeleteEvaluation({ relation: 'OWNER', userId: other }, author)).toBe(true);
    expect(mayDeleteEvaluation({ relation: 'ADMIN', userId: other }, author)).toBe(true);
  });
});
