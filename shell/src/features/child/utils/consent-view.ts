/**
 * What the child's pages say about its consent (issue 17, ADR 0046), pure: the notice on every page of the child and
 * what the consent page offers.
 */
import { CONSENT_VERSION, type ChildConsent, type ChildRelation } from '@aba/contracts/api';

/**
 * The notice on every page of a child: `withdrawn` (to everyone: the data is read-only); to its owner, `asked` while no
 * consent was ever given and `changed` while the consent in force was given to another version of the text than the
 * current one; null otherwise.
 */
export type ConsentNotice = 'withdrawn' | 'asked' | 'changed' | null;

export function consentNotice(
  child: { consent: ChildConsent | null; relation: ChildRelation },
  currentVersion: string = CONSENT_VERSION,
): ConsentNotice {
  const { consent } = child;
  if (consent?.withdrawn_at) return 'withdrawn';
  if (child.relation !== 'OWNER') return null;
  if (consent === null) return 'asked';
  return consent.version === currentVersion ? null : 'changed';
}

/** What the consent page offers the viewer. */
export interface ConsentChoices {
  /** "I agree" to the current text: none given, withdrawn, or given to an older text. */
  agree: boolean;
  /** "Withdraw consent": one is in force. */
  withdraw: boolean;
  /** The consent in force was given to another text than the current one: the page says it changed. */
  changed: boolean;
  /** Withdrawn: the ways to the owner's data (the account's "my data") and to deleting the child. */
  afterWithdrawal: boolean;
}

/** The owner's choices on the consent page for the child's consent as recorded; everyone else only reads it. */
export function consentChoices(
  consent: ChildConsent | null,
  owner: boolean,
  currentVersion: string = CONSENT_VERSION,
): ConsentChoices {
  const inForce = consent !== null && consent.withdrawn_at === null;
  const changed = inForce && consent.version !== currentVersion;
  return {
    agree: owner && (!inForce || changed),
    withdraw: owner && inForce,
    changed,
    afterWithdrawal: owner && consent !== null && consent.withdrawn_at !== null,
  };
}
