/**
 * What the device says about a capture it makes (an answer, an occurrence, an ABC entry): an id of its own, kept with
 * it and sent again with every retry, so the server records it once however often it arrives (ADR 0037), and the
 * time it was captured, which stays when it is sent later.
 */
export interface DeviceCapture {
  id: string;
  captured_at: string;
}

/** A random (v4) UUID: `crypto.randomUUID` where the page is a secure context, else from `getRandomValues`. */
export function newRecordId(
  random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (random.randomUUID) return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A capture made now, with a new id. */
export const captureNow = (now: Date = new Date()): DeviceCapture => ({
  id: newRecordId(),
  captured_at: now.toISOString(),
});
