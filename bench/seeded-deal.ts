/**
 * The seeded deal of record (docs/randomness.md), written once for both benchmark baselines so
 * that they deal exactly like the library without importing its internals.
 */

const MASK64 = (1n << 64n) - 1n;

/** An sfc32 state from a seed: FNV-1a 64, SplitMix64 twice, four words, 12 outputs discarded (§1–§3). */
export function sfc32Start(seed: string | number): number[] {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(String(seed))) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & MASK64;
  const s: number[] = [];
  for (let i = 0; i < 2; i++) {
    h = (h + 0x9e3779b97f4a7c15n) & MASK64;
    let z = h;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    z ^= z >> 31n;
    s.push(Number(z >> 32n) | 0, Number(z & 0xffffffffn) | 0);
  }
  for (let i = 0; i < 12; i++) sfc32Next(s);
  return s;
}

/** One sfc32 output; advances `s` in place. */
export function sfc32Next(s: number[]): number {
  const a = s[0]!,
    b = s[1]!,
    c = s[2]!,
    d = s[3]!;
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/**
 * One round's deal order (§4–§5): Fisher–Yates over the ascending ids in use with rejection
 * sampling, then one draw per card whose top bit is its face. Card `ids[p]` goes to seat p mod n.
 */
export function dealOrder(s: number[], inUse: readonly number[]): { ids: number[]; faces: number[] } {
  const ids = inUse.slice();
  for (let i = ids.length - 1; i >= 1; i--) {
    const bound = i + 1;
    const reject = 0x100000000 % bound;
    let x: number;
    do x = sfc32Next(s);
    while (x < reject);
    const j = x % bound;
    const t = ids[i]!;
    ids[i] = ids[j]!;
    ids[j] = t;
  }
  const faces = ids.map(() => sfc32Next(s) >>> 31);
  return { ids, faces };
}
