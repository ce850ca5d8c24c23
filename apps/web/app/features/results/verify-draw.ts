/**
 * "Verify this draw" in the browser: WebCrypto in the shape the domain's proof check takes, and the
 * sentence that reports the outcome.
 */
import { type SubtleLike, subtleHashes } from '@drawhouse/domain';

/**
 * The domain's hashes on a WebCrypto `subtle`. The DOM's SubtleCrypto takes only bytes backed by an
 * ArrayBuffer, so each input is copied into one (a few dozen bytes per call).
 */
export function browserHashes(subtle: SubtleCrypto) {
  const adapter: SubtleLike<CryptoKey> = {
    importKey: (format, keyData, algorithm, extractable, usages) =>
      subtle.importKey(format, new Uint8Array(keyData), algorithm, extractable, usages),
    sign: (algorithm, key, data) => subtle.sign(algorithm, key, new Uint8Array(data)),
    digest: (algorithm, data) => subtle.digest(algorithm, new Uint8Array(data)),
  };
  return subtleHashes(adapter);
}

export type VerifyOutcome = { commitmentMatches: boolean; winnersMatch: boolean; recomputed: number[] };

/** The sentence the page reads out after the check, and whether the draw checked out. */
export function verificationMessage(
  outcome: VerifyOutcome,
  published: readonly number[],
  /** What the draw picks: raffle tickets, or a giveaway's entries. */
  unit: 'tickets' | 'entries' = 'tickets',
): { ok: boolean; text: string } {
  const recomputed = outcome.recomputed.join(', ') || 'none';
  if (outcome.commitmentMatches && outcome.winnersMatch) {
    return {
      ok: true,
      text: `This draw checks out: the seed matches the commitment published before the draw, and drawing again from it gives the same winning ${unit} (${recomputed}).`,
    };
  }
  const problems: string[] = [];
  if (!outcome.commitmentMatches) {
    problems.push('the seed does not match the commitment published before the draw');
  }
  if (!outcome.winnersMatch) {
    problems.push(
      `drawing again from the seed gives ${unit} ${recomputed}, not the published ${published.join(', ') || 'none'}`,
    );
  }
  return { ok: false, text: `This draw does not check out: ${problems.join(', and ')}.` };
}
