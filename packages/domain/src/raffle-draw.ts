/**
 * Provably fair raffle draws. When a draw opens Drawhouse makes a 32-byte secret seed and publishes
 * its commitment, the lowercase hex SHA-256 of the seed. At the draw, prize i (0-based, in prize
 * order) goes to the first ticket found by counting c = 0, 1, 2, ...:
 *
 *   h = HMAC-SHA256(key = seed, message = ASCII "{offerKey}:{drawNo}:{i}:{c}")
 *   x = h read as a 256-bit big-endian integer
 *   if x < floor(2^256 / N) * N: ticket (x mod N) + 1, unless it already won a prize; else next c
 *
 * where N is the number of tickets sold, numbered 1..N in order of sale. Keeping only x below the
 * largest multiple of N gives every ticket the same chance. With more prizes than tickets, every
 * ticket wins once and the other prizes are not drawn.
 *
 * Crypto is passed in so the same code runs in Node (node:crypto) and in the browser (WebCrypto):
 * this file imports no Node module. `subtleHashes` adapts a WebCrypto `subtle` (both have one).
 */

export const RAFFLE_ALGORITHM = 'hmac-sha256-rejection';
export const RAFFLE_ALGORITHM_VERSION = 1;
export const RAFFLE_SEED_BYTES = 32;

export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Promise<Uint8Array>;
export type Sha256 = (data: Uint8Array) => Promise<Uint8Array>;

export type RaffleProof = {
  commitment: string;
  /** The seed in hex, published after the draw. */
  seed: string;
  ticketsSold: number;
  /** Winning ticket numbers in prize order. */
  winningTickets: number[];
};

const TWO_256 = 1n << 256n;

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Bytes of a hex string (either case), or null when it is not whole bytes of hex. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let x = 0n;
  for (const b of bytes) x = (x << 8n) | BigInt(b);
  return x;
}

function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) throw new RangeError(`raffle draw messages are ASCII; ${JSON.stringify(text)} is not`);
    bytes[i] = code;
  }
  return bytes;
}

/** The commitment published when a draw opens: lowercase hex SHA-256 of the seed bytes. */
export async function raffleCommitment(seed: Uint8Array, sha256: Sha256): Promise<string> {
  return bytesToHex(await sha256(seed));
}

/**
 * The ticket a 256-bit draw `x` picks among `ticketsSold` tickets, or null when x falls in the top
 * slice that would favour the low tickets (x >= floor(2^256 / N) * N) and must be drawn again.
 */
export function raffleTicketFor(x: bigint, ticketsSold: bigint): bigint | null {
  const limit = (TWO_256 / ticketsSold) * ticketsSold;
  return x < limit ? (x % ticketsSold) + 1n : null;
}

type DrawArgs = { seed: Uint8Array; offerKey: string; drawNo: number; prizeCount: number; hmac: HmacSha256 };

function checkDrawArgs(args: DrawArgs): void {
  if (args.seed.length !== RAFFLE_SEED_BYTES) {
    throw new RangeError(`a raffle seed is ${RAFFLE_SEED_BYTES} bytes, got ${args.seed.length}`);
  }
  if (!Number.isSafeInteger(args.drawNo))
    throw new RangeError(`draw number ${args.drawNo} is not an integer`);
  if (!Number.isSafeInteger(args.prizeCount) || args.prizeCount < 0) {
    throw new RangeError(`prize count ${args.prizeCount} is not a whole number of 0 or more`);
  }
}

/** The draw with the number of tickets as a bigint (any size; `drawRaffleWinners` is the usual door). */
export async function drawRaffleWinnersExact(args: DrawArgs & { ticketsSold: bigint }): Promise<bigint[]> {
  checkDrawArgs(args);
  if (args.ticketsSold < 0n) throw new RangeError('tickets sold cannot be negative');
  const winners: bigint[] = [];
  const won = new Set<bigint>();
  const prizes = BigInt(args.prizeCount) < args.ticketsSold ? args.prizeCount : Number(args.ticketsSold);
  for (let i = 0; i < prizes; i++) {
    for (let c = 0; ; c++) {
      const h = await args.hmac(args.seed, ascii(`${args.offerKey}:${args.drawNo}:${i}:${c}`));
      const ticket = raffleTicketFor(bytesToBigInt(h), args.ticketsSold);
      if (ticket !== null && !won.has(ticket)) {
        won.add(ticket);
        winners.push(ticket);
        break;
      }
    }
  }
  return winners;
}

/** The winning ticket numbers (1..ticketsSold) in prize order. */
export async function drawRaffleWinners(args: DrawArgs & { ticketsSold: number }): Promise<number[]> {
  if (!Number.isSafeInteger(args.ticketsSold) || args.ticketsSold < 0) {
    throw new RangeError(`tickets sold ${args.ticketsSold} is not a whole number of 0 or more`);
  }
  const winners = await drawRaffleWinnersExact({ ...args, ticketsSold: BigInt(args.ticketsSold) });
  return winners.map(Number);
}

/**
 * Checks a published proof: the seed's SHA-256 is the commitment, and the draw recomputed from the
 * seed picks the same tickets in the same order. A seed that is not 32 bytes of hex matches nothing.
 */
export async function verifyRaffleProof(args: {
  proof: RaffleProof;
  offerKey: string;
  drawNo: number;
  hmac: HmacSha256;
  sha256: Sha256;
}): Promise<{ commitmentMatches: boolean; winnersMatch: boolean; recomputed: number[] }> {
  const { proof } = args;
  const seed = hexToBytes(proof.seed);
  if (!seed || seed.length !== RAFFLE_SEED_BYTES)
    return { commitmentMatches: false, winnersMatch: false, recomputed: [] };
  const commitmentMatches = (await raffleCommitment(seed, args.sha256)) === proof.commitment.toLowerCase();
  const recomputed = await drawRaffleWinners({
    seed,
    offerKey: args.offerKey,
    drawNo: args.drawNo,
    ticketsSold: proof.ticketsSold,
    prizeCount: proof.winningTickets.length,
    hmac: args.hmac,
  });
  const winnersMatch =
    recomputed.length === proof.winningTickets.length &&
    recomputed.every((t, i) => t === proof.winningTickets[i]);
  return { commitmentMatches, winnersMatch, recomputed };
}

/** What `subtleHashes` needs of WebCrypto's `crypto.subtle` (browsers and Node 20 both have it). */
export type SubtleLike<Key> = {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    keyUsages: ['sign'],
  ): Promise<Key>;
  sign(algorithm: 'HMAC', key: Key, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
};

/** HMAC-SHA256 and SHA-256 from WebCrypto. */
export function subtleHashes<Key>(subtle: SubtleLike<Key>): { hmac: HmacSha256; sha256: Sha256 } {
  const keys = new Map<string, Promise<Key>>();
  return {
    async hmac(key, message) {
      const id = bytesToHex(key);
      let imported = keys.get(id);
      if (!imported) {
        imported = subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
        keys.set(id, imported);
      }
      return new Uint8Array(await subtle.sign('HMAC', await imported, message));
    },
    async sha256(data) {
      return new Uint8Array(await subtle.digest('SHA-256', data));
    },
  };
}
