import { drawRaffleWinners, raffleCommitment, verifyRaffleProof } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { browserHashes, verificationMessage } from './verify-draw';

const hex = (data: Uint8Array) => Buffer.from(data).toString('hex');
const ascii = (text: string) => new TextEncoder().encode(text);

describe('WebCrypto for the proof check', () => {
  const { sha256, hmac } = browserHashes(globalThis.crypto.subtle);

  it('hashes with SHA-256 (FIPS 180-2 "abc"), reading only the bytes of a view', async () => {
    const abc = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(hex(await sha256(ascii('abc')))).toBe(abc);
    expect(hex(await sha256(ascii('xxabcxx').subarray(2, 5)))).toBe(abc);
  });

  it('signs with HMAC-SHA256 (RFC 4231 test case 2)', async () => {
    expect(hex(await hmac(ascii('Jefe'), ascii('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('checks a published proof, and catches a changed seed or winner', async () => {
    const seed = new Uint8Array(32).map((_, i) => i * 7 + 1);
    const offerKey = 'coastal-prize-home';
    const winningTickets = await drawRaffleWinners({
      seed,
      offerKey,
      drawNo: 40,
      ticketsSold: 1000,
      prizeCount: 3,
      hmac,
    });
    const proof = {
      commitment: await raffleCommitment(seed, sha256),
      seed: hex(seed),
      ticketsSold: 1000,
      winningTickets,
    };
    const check = (p: typeof proof) => verifyRaffleProof({ proof: p, offerKey, drawNo: 40, hmac, sha256 });
    expect(await check(proof)).toEqual({
      commitmentMatches: true,
      winnersMatch: true,
      recomputed: winningTickets,
    });
    const otherSeed = `${proof.seed.slice(0, -2)}00`;
    expect(await check({ ...proof, seed: otherSeed })).toMatchObject({ commitmentMatches: false });
    const swapped = [...winningTickets].reverse();
    expect(await check({ ...proof, winningTickets: swapped })).toMatchObject({
      commitmentMatches: true,
      winnersMatch: false,
    });
  });
});

describe('the sentence after the check', () => {
  it('says the draw checks out when both match', () => {
    expect(
      verificationMessage({ commitmentMatches: true, winnersMatch: true, recomputed: [7, 3] }, [7, 3]),
    ).toEqual({
      ok: true,
      text: 'This draw checks out: the seed matches the commitment published before the draw, and drawing again from it gives the same winning tickets (7, 3).',
    });
  });

  it("speaks of a giveaway's entries, not tickets", () => {
    expect(
      verificationMessage({ commitmentMatches: true, winnersMatch: true, recomputed: [12] }, [12], 'entries')
        .text,
    ).toBe(
      'This draw checks out: the seed matches the commitment published before the draw, and drawing again from it gives the same winning entries (12).',
    );
    expect(
      verificationMessage({ commitmentMatches: true, winnersMatch: false, recomputed: [4] }, [12], 'entries')
        .text,
    ).toBe(
      'This draw does not check out: drawing again from the seed gives entries 4, not the published 12.',
    );
  });

  it('names each part that does not match', () => {
    expect(
      verificationMessage({ commitmentMatches: false, winnersMatch: true, recomputed: [7] }, [7]).text,
    ).toBe('This draw does not check out: the seed does not match the commitment published before the draw.');
    expect(
      verificationMessage({ commitmentMatches: false, winnersMatch: false, recomputed: [2, 9] }, [7, 3]),
    ).toEqual({
      ok: false,
      text: 'This draw does not check out: the seed does not match the commitment published before the draw, and drawing again from the seed gives tickets 2, 9, not the published 7, 3.',
    });
  });
});
