/**
 * The demo's giveaways: a month of daily ones around the seed's clock, a major and a monthly one; the
 * past ones closed and drawn with the engine's code (their proofs verify) among the demo members, the
 * premium member in every draw and the free ones only where the entry rule puts them; a later start
 * adds the daily giveaways of the evenings ahead. Run in a
 * transaction that is rolled back, on a database with no giveaway, so the shared data stays as it is.
 */
import {
  customers,
  DEMO_CUSTOMERS,
  eq,
  giveawayEntries,
  giveaways,
  giveawayWinners,
  nodeHmacSha256,
  nodeSha256,
  seedGiveaways,
} from '@drawhouse/db';
import { verifyRaffleProof } from '@drawhouse/domain';
import { describe, expect, it } from 'vitest';
import { customerRow } from './customer-rows.ts';
import { getTestDb } from './helpers.ts';

const { db } = getTestDb();

class Rollback extends Error {}

describe('the demo seed of giveaways', () => {
  it('makes a month of daily giveaways, a major and a monthly one, the past ones drawn so their proofs verify', async () => {
    const now = new Date();
    await db
      .transaction(async (tx) => {
        await tx.delete(giveaways);
        await tx
          .insert(customers)
          .values(DEMO_CUSTOMERS.map((c) => ({ ...customerRow(), email: c.email, firstname: c.firstname })))
          .onConflictDoNothing();
        const started = Date.now();
        await seedGiveaways(tx, now);
        expect(Date.now() - started).toBeLessThan(5_000);

        const rows = await tx.select().from(giveaways);
        const byType = (t: string) => rows.filter((g) => g.type === t);
        expect(byType('daily')).toHaveLength(31);
        expect(byType('major')).toHaveLength(1);
        expect(byType('monthly')).toHaveLength(1);
        const past = rows.filter((g) => g.closesAt <= now);
        expect(past.length).toBeGreaterThanOrEqual(16);
        for (const g of rows.filter((r) => r.closesAt > now)) expect(g.status).toBe('open');

        const demo = await tx.select({ id: customers.id, email: customers.email }).from(customers);
        const demoIds = new Map(
          demo.filter((c) => DEMO_CUSTOMERS.some((d) => d.email === c.email)).map((c) => [c.email, c.id]),
        );
        const [premium, free, unlocked] = DEMO_CUSTOMERS.map((c) => demoIds.get(c.email));
        for (const g of past) {
          expect(['drawn', 'paid']).toContain(g.status);
          const entries = await tx.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id));
          const inDraw = new Set(entries.map((e) => e.customerId));
          expect(inDraw.has(premium as string), g.externalId).toBe(true);
          expect(inDraw.has(free as string), g.externalId).toBe(g.type === 'daily');
          expect(inDraw.has(unlocked as string), g.externalId).toBe(true);
          const winners = await tx.select().from(giveawayWinners).where(eq(giveawayWinners.giveawayId, g.id));
          expect(winners).toHaveLength(Math.min(g.prizes.length, entries.length));
          const checked = await verifyRaffleProof({
            proof: {
              commitment: g.commitment,
              seed: g.seed.toString('hex'),
              ticketsSold: g.entries ?? 0,
              winningTickets: g.winningEntries ?? [],
            },
            offerKey: `giveaway-${g.type}`,
            drawNo: g.number,
            hmac: nodeHmacSha256,
            sha256: nodeSha256,
          });
          expect(checked, g.externalId).toMatchObject({ commitmentMatches: true, winnersMatch: true });
          expect(g.closedAt?.getTime()).toBe(g.closesAt.getTime() + 60_000);
        }
        // Seeding again makes nothing more; ten days later, the daily giveaways of the evenings after.
        await seedGiveaways(tx, now);
        expect(await tx.select({ id: giveaways.id }).from(giveaways)).toHaveLength(rows.length);
        const later = new Date(now.getTime() + 10 * 86_400_000);
        await seedGiveaways(tx, later);
        await seedGiveaways(tx, later);
        const dailies = await tx.select().from(giveaways).where(eq(giveaways.type, 'daily'));
        expect(dailies).toHaveLength(41);
        const latest = Math.max(...dailies.map((g) => g.closesAt.getTime()));
        expect(latest - later.getTime()).toBeGreaterThan(14 * 86_400_000);
        expect(latest - later.getTime()).toBeLessThanOrEqual(16 * 86_400_000);
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
  });
});
