import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  drawRaffleWinners,
  drawRaffleWinnersExact,
  type HmacSha256,
  hexToBytes,
  RAFFLE_ALGORITHM,
  RAFFLE_ALGORITHM_VERSION,
  raffleCommitment,
  raffleTicketFor,
  type Sha256,
  subtleHashes,
  verifyRaffleProof,
} from './raffle-draw.ts';

/*
 * The expected figures below were computed once, outside this code, by a short Python 3 script using
 * only the standard library's hmac and hashlib:
 *
 *   def draw(seed, offer, draw_no, n, prizes):
 *       limit = (2**256 // n) * n
 *       winners = []
 *       for i in range(min(prizes, n)):
 *           c = 0
 *           while True:
 *               h = hmac.new(seed, f"{offer}:{draw_no}:{i}:{c}".encode('ascii'), hashlib.sha256).digest()
 *               x = int.from_bytes(h, 'big')
 *               if x < limit and x % n + 1 not in winners:
 *                   winners.append(x % n + 1); break
 *               c += 1
 *       return winners
 *   seed = bytes(range(32)); hashlib.sha256(seed).hexdigest()
 */
const SEED = Uint8Array.from({ length: 32 }, (_, i) => i);
const COMMITMENT = '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd';
const OFFER = 'demo-raffle';
const DRAW_NO = 7;

const nodeHmac: HmacSha256 = async (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());
const nodeSha256: Sha256 = async (data) => new Uint8Array(createHash('sha256').update(data).digest());

/** An HMAC that records the messages it signs. */
function recordingHmac(): { hmac: HmacSha256; messages: string[] } {
  const messages: string[] = [];
  return {
    messages,
    hmac: async (key, message) => {
      messages.push(new TextDecoder().decode(message));
      return nodeHmac(key, message);
    },
  };
}

describe('raffle draw', () => {
  it('names its method', () => {
    expect(RAFFLE_ALGORITHM).toBe('hmac-sha256-rejection');
    expect(RAFFLE_ALGORITHM_VERSION).toBe(1);
  });

  it('commits to the seed with its lowercase hex SHA-256', async () => {
    expect(await raffleCommitment(SEED, nodeSha256)).toBe(COMMITMENT);
  });

  it('draws the fixed vector: seed 00..1f, demo-raffle draw 7, 1,000 tickets, 5 prizes', async () => {
    const { hmac, messages } = recordingHmac();
    const winners = await drawRaffleWinners({
      seed: SEED,
      offerKey: OFFER,
      drawNo: DRAW_NO,
      ticketsSold: 1000,
      prizeCount: 5,
      hmac,
    });
    expect(winners).toEqual([715, 358, 444, 1, 651]);
    expect(messages).toEqual([
      'demo-raffle:7:0:0',
      'demo-raffle:7:1:0',
      'demo-raffle:7:2:0',
      'demo-raffle:7:3:0',
      'demo-raffle:7:4:0',
    ]);
  });

  it('draws again (next c) when x falls in the rejected top slice', async () => {
    // N = 3 * 2^254 tickets: floor(2^256 / N) * N = N, so every x >= N (a quarter of them) is rejected.
    const n = 3n * 2n ** 254n;
    const { hmac, messages } = recordingHmac();
    const winners = await drawRaffleWinnersExact({
      seed: SEED,
      offerKey: OFFER,
      drawNo: DRAW_NO,
      ticketsSold: n,
      prizeCount: 5,
      hmac,
    });
    expect(winners).toEqual([
      76761140820317846355947114973488364517480468385130861038079203645461463825715n,
      67913430690730947526198924458291949116377818074622065313141673444766482866268n,
      68527911928510442070803434470512605800844215977568898316262445344251197058206n,
      56577754533836681078815843323991959130686410565261583092574430477625057479462n,
      2283499203078615011535271036819434722841257495613893538285151969663278346651n,
    ]);
    // Prize 1 was rejected at c = 0..3, prize 2 at c = 0, prize 3 at c = 0 and 1.
    expect(messages.filter((m) => m.startsWith('demo-raffle:7:1:'))).toHaveLength(5);
    expect(messages.filter((m) => m.startsWith('demo-raffle:7:2:'))).toHaveLength(2);
    expect(messages.filter((m) => m.startsWith('demo-raffle:7:3:'))).toHaveLength(3);
    expect(messages).toHaveLength(5 + 7);
  });

  it('skips a ticket that already won (next c)', async () => {
    const { hmac, messages } = recordingHmac();
    const winners = await drawRaffleWinners({
      seed: SEED,
      offerKey: OFFER,
      drawNo: DRAW_NO,
      ticketsSold: 3,
      prizeCount: 3,
      hmac,
    });
    expect(winners).toEqual([3, 2, 1]);
    // Prize 1 found ticket 3 (prize 0's) at c = 0..3 and took ticket 2 at c = 4.
    expect(messages).toEqual([
      'demo-raffle:7:0:0',
      'demo-raffle:7:1:0',
      'demo-raffle:7:1:1',
      'demo-raffle:7:1:2',
      'demo-raffle:7:1:3',
      'demo-raffle:7:1:4',
      'demo-raffle:7:2:0',
    ]);
  });

  it('draws only as many winners as tickets sold', async () => {
    const args = { seed: SEED, offerKey: OFFER, drawNo: DRAW_NO, hmac: nodeHmac };
    expect(await drawRaffleWinners({ ...args, ticketsSold: 1, prizeCount: 3 })).toEqual([1]);
    expect(await drawRaffleWinners({ ...args, ticketsSold: 5, prizeCount: 8 })).toEqual([5, 3, 4, 1, 2]);
    expect(await drawRaffleWinners({ ...args, ticketsSold: 0, prizeCount: 3 })).toEqual([]);
    expect(await drawRaffleWinners({ ...args, ticketsSold: 10, prizeCount: 0 })).toEqual([]);
  });

  it('refuses a seed that is not 32 bytes, bad counts and non-ASCII offer keys', async () => {
    const args = {
      seed: SEED,
      offerKey: OFFER,
      drawNo: DRAW_NO,
      ticketsSold: 10,
      prizeCount: 1,
      hmac: nodeHmac,
    };
    await expect(drawRaffleWinners({ ...args, seed: SEED.slice(1) })).rejects.toThrow(RangeError);
    await expect(drawRaffleWinners({ ...args, ticketsSold: 2.5 })).rejects.toThrow(RangeError);
    await expect(drawRaffleWinners({ ...args, prizeCount: -1 })).rejects.toThrow(RangeError);
    await expect(drawRaffleWinners({ ...args, offerKey: 'café' })).rejects.toThrow(RangeError);
  });

  it('keeps x below the largest multiple of N', () => {
    expect(raffleTicketFor(0n, 7n)).toBe(1n);
    const limit = (2n ** 256n / 7n) * 7n;
    expect(raffleTicketFor(limit - 1n, 7n)).toBe(((limit - 1n) % 7n) + 1n);
    expect(raffleTicketFor(limit, 7n)).toBeNull();
    expect(raffleTicketFor(2n ** 256n - 1n, 7n)).toBeNull();
  });
});

describe('verifyRaffleProof', () => {
  const proof = {
    commitment: COMMITMENT,
    seed: bytesToHex(SEED),
    ticketsSold: 1000,
    winningTickets: [715, 358, 444, 1, 651],
  };
  const verify = (p: typeof proof) =>
    verifyRaffleProof({ proof: p, offerKey: OFFER, drawNo: DRAW_NO, hmac: nodeHmac, sha256: nodeSha256 });

  it('confirms a true proof', async () => {
    expect(await verify(proof)).toEqual({
      commitmentMatches: true,
      winnersMatch: true,
      recomputed: [715, 358, 444, 1, 651],
    });
  });

  it('catches another seed, other winners or another order', async () => {
    expect(await verify({ ...proof, commitment: COMMITMENT.replace(/^6/, '7') })).toMatchObject({
      commitmentMatches: false,
      winnersMatch: true,
    });
    expect(await verify({ ...proof, winningTickets: [715, 358, 444, 651, 1] })).toMatchObject({
      commitmentMatches: true,
      winnersMatch: false,
    });
    expect(await verify({ ...proof, seed: proof.seed.replace(/^00/, '01') })).toMatchObject({
      commitmentMatches: false,
      winnersMatch: false,
    });
    expect(await verify({ ...proof, seed: 'zz' })).toEqual({
      commitmentMatches: false,
      winnersMatch: false,
      recomputed: [],
    });
  });

  it('gives the same answers through WebCrypto', async () => {
    const { hmac, sha256 } = subtleHashes(globalThis.crypto.subtle);
    expect(await raffleCommitment(SEED, sha256)).toBe(COMMITMENT);
    const result = await verifyRaffleProof({ proof, offerKey: OFFER, drawNo: DRAW_NO, hmac, sha256 });
    expect(result).toEqual({ commitmentMatches: true, winnersMatch: true, recomputed: proof.winningTickets });
  });
});

describe('hex', () => {
  it('round-trips bytes and refuses what is not hex', () => {
    expect(bytesToHex(Uint8Array.from([0, 15, 255]))).toBe('000fff');
    expect(hexToBytes('000fFF')).toEqual(Uint8Array.from([0, 15, 255]));
    expect(hexToBytes('abc')).toBeNull();
    expect(hexToBytes('0g')).toBeNull();
  });
});
