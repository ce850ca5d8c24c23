/**
 * Script nonces of rendered pages. Every answer gets a nonce of its own. Pages kept by the render
 * cache are rendered once with a stand-in nonce (random, made when the process starts, never sent),
 * and each answer built from them writes its own nonce where the stand-in was (ADR 011).
 */
import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KB at a time (one call to the system's generator per 256 nonces), each used once. */
const random = Buffer.alloc(4096);
let randomAt = random.length;

/** 128 random bits as base64url: 22 characters, all ASCII, none that HTML would escape. */
export function createNonce(): string {
  if (randomAt + 16 > random.length) {
    randomFillSync(random);
    randomAt = 0;
  }
  const nonce = random.toString('base64url', randomAt, randomAt + 16);
  randomAt += 16;
  return nonce;
}

export const NONCE_STAND_IN = createNonce();
const STAND_IN_LENGTH = NONCE_STAND_IN.length;

export type NoncedPage = { html: Uint8Array<ArrayBuffer>; nonceAt: readonly number[] };

/** A page rendered with the stand-in nonce, with the places where it stands. */
export function noncedPage(html: Uint8Array<ArrayBuffer>, standIn: string = NONCE_STAND_IN): NoncedPage {
  const bytes = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const nonceAt: number[] = [];
  for (let at = bytes.indexOf(standIn); at >= 0; at = bytes.indexOf(standIn, at + standIn.length)) {
    nonceAt.push(at);
  }
  return { html, nonceAt };
}

/** A copy of the page with this answer's nonce in place of the stand-in. */
export function withNonce(page: NoncedPage, nonce: string): Uint8Array<ArrayBuffer> {
  if (nonce.length !== STAND_IN_LENGTH) throw new Error('A page nonce must come from createNonce.');
  const copy = new Uint8Array(page.html);
  const bytes = Buffer.from(copy.buffer, copy.byteOffset, copy.byteLength);
  for (const at of page.nonceAt) bytes.write(nonce, at, 'latin1');
  return copy;
}
