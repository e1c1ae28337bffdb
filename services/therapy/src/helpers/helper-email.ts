import { z } from 'zod';
import { ChildMessages, normaliseEmail } from '@aba/contracts/api';

const emailShape = z.email();

/** A helper's e-mail as typed, normalised (trimmed, lower-case), or the message saying what is wrong with it. */
export function parseHelperEmail(raw: string): { email: string } | { problem: string } {
  const email = normaliseEmail(raw);
  if (email === '') return { problem: ChildMessages.requiredFields };
  if (!emailShape.safeParse(email).success) return { problem: ChildMessages.invalidEmail };
  return { email };
}
