/**
 * Giveaway rows on the wire, for the shop (the rewards service) and the back office: the `Giveaway`,
 * the back office's `AdminGiveaway` with its status, commitment and counts, and the proof (the seed,
 * entries and winning entries only once it is drawn).
 */
import type { AdminGiveaway, Giveaway, GiveawayPrize, GiveawayProof } from '@drawhouse/contract';
import type { GiveawayRow } from '@drawhouse/db';
import { centsToMoney, giveawayDrawKey, giveawayPath, giveawayTier } from '@drawhouse/domain';

/** Open, closed (past its close, drawn or not yet: the sweep may not have run) or drawn (paid too). */
export function giveawayState(g: GiveawayRow, now: Date): Giveaway['state'] {
  if (g.status === 'drawn' || g.status === 'paid') return 'drawn';
  if (g.status === 'closed' || g.closesAt <= now) return 'closed';
  return 'open';
}

export function giveawayPrizeView(p: GiveawayRow['prizes'][number]): GiveawayPrize {
  return { title: p.title, amount: centsToMoney(p.amountCents), kind: p.kind };
}

export function giveawayView(g: GiveawayRow, now: Date): Giveaway {
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
    state: giveawayState(g, now),
    prizes: g.prizes.map(giveawayPrizeView),
    url: giveawayPath(g.type, g.number),
  };
}

export function adminGiveawayView(
  row: { giveaway: GiveawayRow; winners: number; paid: number },
  now: Date,
): AdminGiveaway {
  const g = row.giveaway;
  return {
    ...giveawayView(g, now),
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
