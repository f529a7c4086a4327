/**
 * A fair deal without showing the seed. The seed decides every hand (rules §3), so the page keeps
 * it secret during play and shows its SHA-256 instead: a commitment made before the first move.
 * At game over it reveals the seed, and anyone can check that it hashes to the commitment shown
 * at the start (e.g. `printf %s SEED | sha256sum`), so the deal was fixed before play began.
 */

/** A secret seed with 128 random bits from the browser's cryptographic source: too many to guess. */
export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SHA-256 of the seed's UTF-8 bytes, in hex; null where Web Crypto is missing (pages not served over https or localhost). */
export async function commitmentOf(seed: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The commitment as people compare it at a glance: the first and last 6 hex digits. */
export function shortHash(hex: string): string {
  return `${hex.slice(0, 6)}…${hex.slice(-6)}`;
}
