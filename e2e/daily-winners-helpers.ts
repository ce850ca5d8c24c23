import { randomUUID } from 'node:crypto';
import { closeGiveaway, drawGiveaway, insertGiveaway } from '@drawhouse/db';
import type { GiveawayType } from '@drawhouse/domain';
import { withJourneysDb } from './wallet-helpers.ts';

const MINUTE = 60_000;

/**
 * Makes a giveaway in the journeys' database, as the back office would: open now (closing in
 * `closesInMinutes`), or, with a negative number, already past its close, then closed and drawn
 * with the members of that moment (the minute's sweep may get there first: the same outcome).
 */
export async function makeGiveaway(
  type: GiveawayType,
  closesInMinutes: number,
): Promise<{ id: string; number: number; title: string }> {
  const now = Date.now();
  const title = `Journey ${type} giveaway ${randomUUID().slice(0, 8)}`;
  let made: { id: string; number: number; title: string } | undefined;
  await withJourneysDb(async (db) => {
    const row = await insertGiveaway(db, {
      type,
      title,
      description: 'A giveaway the journeys make.',
      pill: 'Journey',
      permits: 'NSW TP/00000',
      opensAt: new Date(now - 60 * MINUTE),
      closesAt: new Date(now + closesInMinutes * MINUTE),
      prizes: [{ title: 'First prize', amountCents: 5_000, kind: 'credit' }],
      images: [],
      createdBy: null,
    });
    made = { id: row.id, number: row.number, title };
    if (closesInMinutes < 0) {
      await closeGiveaway(db, row.id, new Date());
      await drawGiveaway(db, row.id, new Date());
    }
  });
  if (!made) throw new Error('the giveaway was not made');
  return made;
}
