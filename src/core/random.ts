/**
 * The seeded random stream of record (docs/randomness.md). Replays depend on every bit of it,
 * so any change here is a breaking change of the game-record version.
 *
 * - seed → text: a string as is; a number as `String(n)` (safe integers only).
 * - text → 64-bit: FNV-1a 64 over the UTF-8 bytes.
 * - 64-bit → generator: SplitMix64 seeded with it gives z1, z2; sfc32 starts as
 *   a = hi(z1), b = lo(z1), c = hi(z2), d = lo(z2); then 12 outputs are discarded.
 */
import { GameSetupError } from './errors.js';
import { describeValue } from './input.js';

/** The four 32-bit words of an sfc32 generator. Plain data, stored inside the game state. */
export type RngState = readonly [number, number, number, number];

/** A game seed: a string, or a safe integer (read as its decimal string). */
export type Seed = string | number;

const MASK64 = (1n << 64n) - 1n;

/** FNV-1a, 64-bit, over the UTF-8 bytes of `text`. */
export function fnv1a64(text: string): bigint {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & MASK64;
  }
  return h;
}

/** The SplitMix64 sequence from `seed`: returns the first `count` outputs. */
export function splitMix64(seed: bigint, count: number): bigint[] {
  let state = seed & MASK64;
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    state = (state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    out.push(z ^ (z >> 31n));
  }
  return out;
}

/** Advances a mutable sfc32 state in place and returns its next output, a uint32. */
export function sfc32Next(s: [number, number, number, number]): number {
  const a = s[0],
    b = s[1],
    c = s[2],
    d = s[3]; // indexed: destructuring would go through an iterator
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) | 0;
  s[0] = b ^ (b >>> 9);
  s[1] = (c + (c << 3)) | 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/** True for a seed: a string, or a safe integer (rules §3). */
export function isSeed(x: unknown): x is Seed {
  return typeof x === 'string' || (typeof x === 'number' && Number.isSafeInteger(x));
}

/** True for a stored generator state: four 32-bit unsigned integers. */
export function isRngState(x: unknown): x is RngState {
  return Array.isArray(x) && x.length === 4 && x.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffffffff);
}

/** The text a seed is hashed from; throws `BAD_SEED` for anything else than a string or safe integer. */
export function seedText(seed: unknown): string {
  if (isSeed(seed)) return String(seed);
  throw new GameSetupError(
    'BAD_SEED',
    `A seed must be a string or a safe integer, not ${describeValue(seed)} (rules §3).`,
    undefined,
    { input: describeValue(seed) },
  );
}

/** The generator state a seed starts from. */
export function seedRng(seed: Seed): RngState {
  const [z1, z2] = splitMix64(fnv1a64(seedText(seed)), 2) as [bigint, bigint];
  const s: [number, number, number, number] = [
    Number(z1 >> 32n),
    Number(z1 & 0xffffffffn),
    Number(z2 >> 32n),
    Number(z2 & 0xffffffffn),
  ].map((w) => w | 0) as [number, number, number, number];
  for (let i = 0; i < 12; i++) sfc32Next(s);
  return s.map((w) => w >>> 0) as unknown as RngState;
}

/** An integer uniform in [0, bound): rejects draws below 2^32 mod bound, then takes the remainder. */
export function uniformBelow(s: [number, number, number, number], bound: number): number {
  const reject = 0x100000000 % bound;
  for (;;) {
    const x = sfc32Next(s);
    if (x >= reject) return x % bound;
  }
}

/** A mutable copy of a stored generator state. */
export function rngCursor(state: RngState): [number, number, number, number] {
  return [state[0] | 0, state[1] | 0, state[2] | 0, state[3] | 0];
}

/** A stored (plain uint32) copy of a mutable generator state. */
export function rngSnapshot(s: [number, number, number, number]): RngState {
  return [s[0] >>> 0, s[1] >>> 0, s[2] >>> 0, s[3] >>> 0];
}
