import { ChildMessages } from '@aba/contracts/api';
import { parseHelperEmail } from './helper-email.js';

describe('helper e-mail', () => {
  it('is trimmed and lower-cased', () => {
    expect(parseHelperEmail('  Maria.Ionescu@Example.COM ')).toEqual({ email: 'maria.ionescu@example.com' });
  });

  it('is required', () => {
    expect(parseHelperEmail('   ')).toEqual({ problem: ChildMessages.requiredFields });
  });

  it.each(['maria', 'maria@', '@example.com', 'maria ionescu@example.com', 'maria@example'])(
    'refuses %s',
    (raw) => {
      expect(parseHelperEmail(raw)).toEqual({ problem: ChildMessages.invalidEmail });
    },
  );
});
