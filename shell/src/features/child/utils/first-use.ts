import type { UserRole } from '@aba/web-kit';

/** Roles whose children come from families' invitations (they may still add a child of their own). */
export function helpsWithoutOwning(role: UserRole | null | undefined): boolean {
  return role === 'THERAPIST' || role === 'COORDINATOR';
}
