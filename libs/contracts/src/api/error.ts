import { z } from 'zod';

/** Every failed call answers this body. */
export const errorBodySchema = z.object({ error: z.string(), id: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Messages the spec quotes verbatim; the front end translates them by this exact text. */
export const ErrorMessages = {
  childNotFound: 'Child does not exist',
  noChildAccess: "You don't have access to this child",
  licenceMissing: 'Child subscription not found',
  requiredFields: 'Please fill out all the required fields',
  passwordsDontMatch: "Passwords don't match",
  invalidInvite: 'Invalid invite id',
  unauthenticated: 'You are not logged in',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  internal: 'Internal error',
  serviceUnavailable: 'The service is unavailable, please try again shortly',
  serviceTimeout: 'The service took too long to answer, please try again',
  crossSiteRefused: 'Cross-site request refused',
  requestTooLarge: 'The request is too large',
  requestUnreadable: 'The request could not be read',
} as const;
