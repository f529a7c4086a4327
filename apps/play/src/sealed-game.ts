/**
 * The game being played, kept on this device so that a reload or a phone dropping the tab does
 * not lose it: its seats, name, seed and moves (the engine plays the moves again from the seed).
 *
 * The deal stays sealed while the game runs: the game is kept encrypted (AES-GCM) with a key the
 * browser keeps in IndexedDB and never lets the page read out (a non-extractable WebCrypto key),
 * so neither storage nor the page's text holds the seed or a hand. Where there is no IndexedDB or
 * WebCrypto, the game is not kept. What cannot be decrypted or read is forgotten.
 */
import { isMove, type Move } from 'dnup';
import { isText, read, write } from './saved-games';

const CURRENT = 'dnup-current-game';

/** A game being played, as kept. */
export interface SavedGame {
  /** The seat kinds, as the page's hash writes them (`human`, a bot id). */
  readonly seats: readonly string[];
  readonly name: string;
  readonly seed: string;
  readonly moves: readonly Move[];
}

/** Checks what was decrypted: the game being played, or null. */
function gameOf(x: Partial<SavedGame> | null): SavedGame | null {
  if (
    x === null ||
    typeof x !== 'object' ||
    !Array.isArray(x.seats) ||
    !x.seats.every(isText) ||
    !isText(x.name) ||
    !isText(x.seed) ||
    !Array.isArray(x.moves) ||
    x.moves.length > 10_000 ||
    !x.moves.every(isMove)
  )
    return null;
  return { seats: x.seats, name: x.name, seed: x.seed, moves: x.moves };
}

/** The browser's key for the game being played, made once (null where there is no IndexedDB or WebCrypto). */
let keyPromise: Promise<CryptoKey | null> | null = null;
function gameKey(): Promise<CryptoKey | null> {
  keyPromise ??= (async () => {
    const idb = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    const subtle = globalThis.crypto?.subtle;
    if (idb === undefined || subtle === undefined) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = idb.open('dnup', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('keys');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const request = <T>(r: IDBRequest<T>): Promise<T> =>
      new Promise((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const kept = await request(db.transaction('keys').objectStore('keys').get('game'));
    if (kept instanceof CryptoKey) return kept;
    const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
    await request(db.transaction('keys', 'readwrite').objectStore('keys').put(key, 'game'));
    return key;
  })().catch(() => null);
  return keyPromise;
}

const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  new Uint8Array(Array.from(atob(text), (c) => c.charCodeAt(0)));

/** The game being played, if one is kept and readable. */
export async function savedGame(): Promise<SavedGame | null> {
  const sealed = read(CURRENT) as { iv?: unknown; data?: unknown } | null;
  if (sealed === null || typeof sealed.iv !== 'string' || typeof sealed.data !== 'string') return null;
  try {
    const key = await gameKey();
    if (key === null) return null;
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
      key,
      fromBase64(sealed.data),
    );
    return gameOf(JSON.parse(new TextDecoder().decode(plain)) as Partial<SavedGame>);
  } catch {
    return null;
  }
}

/** The saves under way, one after the other: the last one written wins. */
let saving: Promise<void> = Promise.resolve();

/** Keeps the game being played, encrypted (null: forgets it, as when it is over). */
export function saveGame(game: SavedGame | null): Promise<void> {
  saving = saving.then(async () => {
    if (game === null) return write(CURRENT, null);
    const key = await gameKey();
    if (key === null) return;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv },
      key,
      new TextEncoder().encode(JSON.stringify(game)),
    );
    write(CURRENT, { iv: toBase64(iv), data: toBase64(new Uint8Array(data)) });
  });
  return saving.catch(() => undefined);
}
