/**
 * Giveaway rows on the wire: the shop's `Giveaway` (a paid giveaway reads as drawn), the back
 * office's `AdminGiveaway` with its status, commitment and counts, and the proof (the seed, entries
 * and winning entries only once it is drawn).
 */
import type { AdminGiveaway, Giveaway, GiveawayProof } from '@drawhouse/contract';
import type { GiveawayRow } from '@drawhouse/db';
import { centsToMoney, giveawayDrawKey, giveawayPath, giveawayTier } from '@drawhouse/domain';

export function giveawayView(g: GiveawayRow): Giveaway {
  return {
    id: g.id,
    number: g.number,
    externalId: g.externalId,
    type: g.type,
    tier: giveawayTier(g.type),
    title: g.title,
    description: g.description,
    pill: g.pill,
    permits: g.permits,
    availability: g.availability,
    images: g.images,
    details: g.details,
    open: g.opensAt.toISOString(),
    close: g.closesAt.toISOString(),
    state: g.status === 'paid' ? 'drawn' : g.status,
    prizes: g.prizes.map((p) => ({ title: p.title, amount: centsToMoney(p.amountCents), kind: p.kind })),
    url: giveawayPath(g.type, g.number),
  };
}

export function adminGiveawayView(row: {
  giveaway: GiveawayRow;
  winners: number;
  paid: number;
}): AdminGiveaway {
  const g = row.giveaway;
  return {
    ...giveawayView(g),
    status: g.status,
    commitment: g.commitment,
    entries: g.entries,
    winners: row.winners,
    paid: row.paid,
  };
}

export function giveawayProof(g: GiveawayRow): GiveawayProof {
  const proof = {
    algorithm: g.algorithm,
    version: g.version,
    drawKey: giveawayDrawKey(g.type),
    commitment: g.commitment,
  };
  if (g.status !== 'drawn' && g.status !== 'paid') return proof;
  return {
    ...proof,
    seed: Buffer.from(g.seed).toString('hex'),
    entries: g.entries ?? 0,
    winningEntries: g.winningEntries ?? [],
  };
}
