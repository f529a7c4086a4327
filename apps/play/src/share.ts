/**
 * Links to a finished game: the record, deflated and base64url-encoded, in the URL hash
 * (`#replay=…`), so opening the link replays the game. Only finished games get a link: the
 * record holds the seed, which would reveal every hand of a game still being played (rules §3).
 */
import { t } from './i18n';

/** The largest record a link may expand to: a whole game is far smaller; a hostile link stops here. */
const MAX_RECORD_BYTES = 4 * 1024 * 1024;

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error(t().errors.record.linkTooLong);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The hash fragment value of a record's JSON text. */
export async function encodeRecord(json: string): Promise<string> {
  const input = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64Url(await readAll(input, Number.POSITIVE_INFINITY));
}

/** The record's JSON text back from a link; throws an `Error` saying the link is damaged. */
export async function decodeRecord(value: string): Promise<string> {
  try {
    const input = new Blob([fromBase64Url(value) as BlobPart])
      .stream()
      .pipeThrough(new DecompressionStream('deflate-raw'));
    return new TextDecoder().decode(await readAll(input, MAX_RECORD_BYTES));
  } catch (e) {
    throw new Error(t().errors.record.linkDamaged(e instanceof Error ? e.message : String(e)));
  }
}
