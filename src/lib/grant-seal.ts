/**
 * Tabs of one sign-in talk over BroadcastChannels, and any page of the console's origin may open the same channel and
 * read or post on it. So what they say is sealed or signed under keys derived (HKDF-SHA-256) from a secret of the
 * sign-in itself: its current refresh token (or, without one, its access token). That secret lives only in the
 * sessionStorage of the tabs holding the grant (a duplicated tab copies it; a page opened at the console's address in
 * another tab starts with none) and never goes on a channel; a grant's public name is a one-way hash of it. A page of
 * the same origin that is not one of those tabs hears the messages but can neither read a sealed one nor make a proof
 * that its tabs accept. Each purpose (renewal, sign-out, local data) gets its own key, so no message stands for another.
 */
export interface Sealed {
  iv: string;
  data: string;
}

const encoder = new TextEncoder();
const salt = encoder.encode('tab channels of the Assistant Console, v1');

const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

const subtle = (): SubtleCrypto | undefined => globalThis.crypto?.subtle;

async function derive(
  secret: string,
  purpose: string,
  algorithm: AesKeyGenParams | HmacKeyGenParams,
  usages: KeyUsage[],
): Promise<CryptoKey> {
  const crypto = subtle();
  if (!crypto) throw new Error('WebCrypto is not available');
  const base = await crypto.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: encoder.encode(purpose) },
    base,
    algorithm,
    false,
    usages,
  );
}

const aes = { name: 'AES-GCM', length: 256 } as const;
const hmac = { name: 'HMAC', hash: 'SHA-256', length: 256 } as const;

/** Encrypts `text` (AES-GCM) for the tabs holding `secret`; null without WebCrypto. */
export async function seal(secret: string, purpose: string, text: string): Promise<Sealed | null> {
  if (!subtle()) return null;
  const key = await derive(secret, purpose, aes, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(text)));
  return { iv: toBase64(iv), data: toBase64(data) };
}

export const isSealed = (value: unknown): value is Sealed =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Sealed).iv === 'string' &&
  typeof (value as Sealed).data === 'string';

/** The text another tab of the same grant sealed, or null (another secret, another purpose, tampered, no WebCrypto). */
export async function unseal(secret: string, purpose: string, sealed: Sealed): Promise<string | null> {
  const iv = fromBase64(sealed.iv);
  const data = fromBase64(sealed.data);
  if (!subtle() || !iv || !data || iv.length !== 12) return null;
  try {
    const key = await derive(secret, purpose, aes, ['decrypt']);
    return new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data));
  } catch {
    return null;
  }
}

/** A proof (HMAC-SHA-256) that the sender of `text` holds `secret`; null without WebCrypto. */
export async function prove(secret: string, purpose: string, text: string): Promise<string | null> {
  if (!subtle()) return null;
  const key = await derive(secret, purpose, hmac, ['sign']);
  return toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text))));
}

/** Whether `proof` was made for `text` by a holder of `secret` (checked in constant time by WebCrypto). */
export async function proves(secret: string, purpose: string, text: string, proof: unknown): Promise<boolean> {
  const bytes = typeof proof === 'string' ? fromBase64(proof) : null;
  if (!subtle() || !bytes) return false;
  const key = await derive(secret, purpose, hmac, ['verify']);
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(text));
}
