import { z } from 'zod';
import { text } from './text.js';

/**
 * The parent's consent to the processing of their child's data (issue 17, GDPR Art 8 and 9): given by the child's
 * owner for a version of the consent text, recorded with who and when; withdrawn, the child's data becomes read-only
 * (ADR 0046).
 */
export const CONSENT_VERSION = '2026-11';

export const ConsentMessages = {
  required: 'Agree to the consent text to add the child',
  versionOutdated: 'This is not the current consent text: read it again and agree to it',
  withdrawn: "Consent to this child's data was withdrawn: it can be read, not added to or changed",
  notWithdrawable: 'There is no consent to withdraw',
  given: 'Consent recorded',
  withdrawnDone: "Consent withdrawn: the child's data is read-only from now on",
} as const;

/** A child's consent as recorded: the text's version, who gave it and when, and when it was withdrawn, if it was. */
export const childConsentSchema = z.object({
  version: z.string(),
  given_by: z.uuid(),
  given_at: z.iso.datetime(),
  withdrawn_at: z.iso.datetime().nullable(),
});
export type ChildConsent = z.infer<typeof childConsentSchema>;

/** GET /api/child/{id}/consent: the child's consent (null when none was ever given) and the current text's version. */
export const consentResponseSchema = z.object({
  consent: childConsentSchema.nullable(),
  current_version: z.string(),
});
export type ConsentResponse = z.infer<typeof consentResponseSchema>;

/** POST /api/child/{id}/consent/give {version}: the owner agrees to the consent text of `version` (the current one). */
export const giveConsentRequestSchema = z.object({ version: text(20).default('') });
export type GiveConsentRequest = z.input<typeof giveConsentRequestSchema>;
