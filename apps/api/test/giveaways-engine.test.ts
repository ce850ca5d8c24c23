/**
 * The giveaway engine: a giveaway closes with exactly the customers the domain's entry rule puts in
 * its draw (numbered 1..N by joining), is drawn from its committed seed so its proof verifies, and
 * has each prize credited once (cash to the wallet, credit to the promotional balance) however often
 * it is advanced, on one worker or two at once; its winners are told once. No entries: drawn with no
 * winners, then paid.
 */
import {
  and,
  closeGiveaway,
  drawGiveaway,
  eq,
  giveawayEntries,
  giveaways,
  giveawayWinners,
  inArray,
  ledgerAccounts,
  ledgerTransfers,
  memberships,
  nodeHmacSha256,
  nodeSha256,
  notifications,
  sql,
} from '@drawhouse/db';
import {
  type EntryStatus,
  entersDraw,
  entryStatus,
  type GiveawayType,
  type UnlockState,
  verifyRaffleProof,
} from '@drawhouse/domain';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createGiveawayEngine, giveawayPrizeTransferId } from '../src/modules/giveaways/index.ts';
import { checkLedger } from '../src/modules/ledger/index.ts';
import { DAY_MS, type MemberCase, memberOf, newGiveaway, unlock } from './giveaways-helpers.ts';
import { drainOutbox, getTestApp, mailOf } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = app.deps;
const engineAt = (now: Date) => createGiveawayEngine({ db, now: () => now });

type Case = MemberCase & { name: string; unlock: UnlockState | null };

/** Every kind of customer, for a giveaway closing at `closesAt`; joined a minute apart in this order. */
function cases(closesAt: Date): Case[] {
  const later = new Date(closesAt.getTime() + 30 * DAY_MS);
  const earlier = new Date(closesAt.getTime() - DAY_MS);
  return [
    { name: 'premium', status: 'member', premiumUntil: later, unlock: null },
    { name: 'premium lapsed before the close', status: 'member', premiumUntil: earlier, unlock: null },
    { name: 'free', status: 'member', unlock: null },
    { name: 'free, unlock resolved', status: 'member', unlock: 'resolved' },
    { name: 'free, unlock pending', status: 'member', unlock: 'pending' },
    { name: 'waiting for a deposit', status: 'pending-deposit', premiumUntil: later, unlock: 'resolved' },
    { name: 'left', status: 'non-member', premiumUntil: later, unlock: null },
    { name: 'never joined', status: null, unlock: null },
  ].map((c, i) => ({ ...c, joinedAt: new Date(Date.UTC(2001, 0, 1, 0, i)) })) as Case[];
}

async function entriesOf(giveawayId: string) {
  return db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, giveawayId));
}

describe('closing a giveaway', () => {
  for (const type of ['daily', 'monthly'] as GiveawayType[]) {
    it(`enters exactly the customers the entry rule puts in a ${type} draw, numbered by joining`, async () => {
      const now = new Date();
      const closesAt = new Date(now.getTime() - 60_000);
      const giveaway = await newGiveaway(db, type, closesAt);
      const all = cases(closesAt);
      const ids: string[] = [];
      for (const c of all) {
        const id = await memberOf(db, c);
        if (c.unlock) await unlock(db, giveaway.id, id, c.unlock);
        ids.push(id);
      }
      // Not due before its close time.
      expect(await engineAt(new Date(closesAt.getTime() - 1)).step(giveaway.id)).toBe(false);
      expect(await engineAt(now).step(giveaway.id)).toBe(true);

      const entries = await entriesOf(giveaway.id);
      const [closed] = await db.select().from(giveaways).where(eq(giveaways.id, giveaway.id));
      expect(closed).toMatchObject({ status: 'closed', entries: entries.length, closedAt: now });
      expect(entries.map((e) => e.entryNumber).sort((a, b) => a - b)).toEqual(entries.map((_, i) => i + 1));
      const byCustomer = new Map(entries.map((e) => [e.customerId, e]));
      const expected: Record<string, EntryStatus | null> = {};
      const got: Record<string, string | null> = {};
      for (const [i, c] of all.entries()) {
        const status = entryStatus({
          membership: { status: c.status ?? 'non-member', premiumUntil: c.premiumUntil ?? null },
          giveawayType: type,
          unlock: c.unlock,
          now: closesAt,
        });
        expected[c.name] = entersDraw(status) ? status : null;
        got[c.name] = byCustomer.get(ids[i] as string)?.entryStatus ?? null;
      }
      expect(got).toEqual(expected);
      // The rule's cases, spelled out: premium in everything, free members in free giveaways or unlocked.
      expect(got.premium).toBe('guaranteed');
      expect(got['free, unlock resolved']).toBe('unlocked');
      expect(got.free).toBe(type === 'daily' ? 'unlocked' : null);
      expect(got['free, unlock pending']).toBe(type === 'daily' ? 'unlocked' : null);
      expect(got['waiting for a deposit']).toBeNull();
      expect(got.left).toBeNull();
      // Earlier joiners hold lower numbers.
      const numbers = ids.flatMap((id) => byCustomer.get(id)?.entryNumber ?? []);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    });
  }
});

describe('drawing and paying a giveaway', () => {
  it('draws from the committed seed (the proof verifies) and credits each prize once, on two workers at once', async () => {
    const now = new Date();
    const closesAt = new Date(now.getTime() - 60_000);
    const giveaway = await newGiveaway(db, 'daily', closesAt, {
      prizes: [
        { title: '$50 cash', amountCents: 5000, kind: 'cash' },
        { title: '$10 credit', amountCents: 1000, kind: 'credit' },
        { title: '$5 cash', amountCents: 500, kind: 'cash' },
      ],
    });
    for (let i = 0; i < 4; i++) await memberOf(db, { status: 'member' });
    mailOf(app).clear();

    const [a, b] = [engineAt(now), engineAt(now)];
    await Promise.all([a.advance(giveaway.id), b.advance(giveaway.id)]);
    await a.advance(giveaway.id);
    await Promise.all([a.sweep(), b.sweep()]);

    const [row] = await db.select().from(giveaways).where(eq(giveaways.id, giveaway.id));
    expect(row).toMatchObject({ status: 'paid', paidAt: now, drawnAt: now });
    const winning = row?.winningEntries ?? [];
    expect(winning).toHaveLength(3);
    const proof = await verifyRaffleProof({
      proof: {
        commitment: row?.commitment ?? '',
        seed: Buffer.from(row?.seed ?? []).toString('hex'),
        ticketsSold: row?.entries ?? 0,
        winningTickets: winning,
      },
      offerKey: `giveaway-${giveaway.type}`,
      drawNo: giveaway.number,
      hmac: nodeHmacSha256,
      sha256: nodeSha256,
    });
    expect(proof).toMatchObject({ commitmentMatches: true, winnersMatch: true });

    const winners = await db
      .select()
      .from(giveawayWinners)
      .where(eq(giveawayWinners.giveawayId, giveaway.id))
      .orderBy(giveawayWinners.prizeIndex);
    const entries = new Map((await entriesOf(giveaway.id)).map((e) => [e.entryNumber, e.customerId]));
    expect(winners.map((w) => [w.prizeIndex, w.entryNumber, w.customerId, w.amountCents, w.kind])).toEqual([
      [0, winning[0], entries.get(winning[0] as number), 5000, 'cash'],
      [1, winning[1], entries.get(winning[1] as number), 1000, 'credit'],
      [2, winning[2], entries.get(winning[2] as number), 500, 'cash'],
    ]);
    for (const w of winners) expect(w.paidAt).toEqual(now);

    // One transfer per prize, into the winner's wallet (cash) or promotional balance (credit).
    const transfers = await db
      .select({ transfer: ledgerTransfers, credited: ledgerAccounts })
      .from(ledgerTransfers)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerTransfers.creditAccountId))
      .where(
        inArray(
          ledgerTransfers.id,
          winners.map((w) => giveawayPrizeTransferId(giveaway.id, w.prizeIndex)),
        ),
      );
    expect(transfers).toHaveLength(3);
    for (const w of winners) {
      const t = transfers.find((x) => x.transfer.id === giveawayPrizeTransferId(giveaway.id, w.prizeIndex));
      expect(t?.transfer).toMatchObject({
        amountCents: w.amountCents,
        code: w.kind === 'cash' ? 'prize' : 'promo_credit',
        customerId: w.customerId,
        reference: giveaway.externalId,
      });
      expect(t?.credited).toMatchObject({
        customerId: w.customerId,
        kind: w.kind === 'cash' ? 'wallet' : 'promo',
      });
    }
    const [paidTotal] = await db
      .select({ cents: sql<string>`sum(${ledgerTransfers.amountCents})` })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, giveaway.externalId));
    expect(Number(paidTotal?.cents)).toBe(6500);

    // Each winner told once, in the feed and by mail.
    await drainOutbox(app);
    for (const w of winners) {
      const told = await db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.customerId, w.customerId),
            eq(notifications.sourceKey, `giveaway-win:${giveaway.id}:${w.prizeIndex}`),
          ),
        );
      expect(told).toHaveLength(1);
      expect(told[0]?.title).toMatch(/^You won \$\d+\.00 in Daily Winners!$/);
    }
    const emails = new Set(
      (
        await db
          .select({ email: sql<string>`c.email` })
          .from(giveawayWinners)
          .innerJoin(sql`customers c`, sql`c.id = ${giveawayWinners.customerId}`)
          .where(eq(giveawayWinners.giveawayId, giveaway.id))
      ).map((r) => r.email),
    );
    const mails = mailOf(app)
      .messages()
      .filter((m) => m.to.some((to) => emails.has(to)) && m.text.includes(giveaway.title));
    expect(mails).toHaveLength(winners.length);
    expect((await checkLedger(db)).passed).toBe(true);
  });

  it('closes a giveaway no one is in with 0 entries and draws it with no winners', async () => {
    const now = new Date();
    const outcome = await db
      .transaction(async (tx) => {
        // No member at all in this transaction (rolled back at the end).
        await tx.update(memberships).set({ status: 'non-member' });
        const giveaway = await newGiveaway(tx, 'major', new Date(now.getTime() - 60_000));
        const closed = await closeGiveaway(tx, giveaway.id, now);
        const drawn = await drawGiveaway(tx, giveaway.id, now);
        const winners = await tx
          .select()
          .from(giveawayWinners)
          .where(eq(giveawayWinners.giveawayId, giveaway.id));
        throw new Rollback({ closed, drawn, winners });
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error.value;
        throw error;
      });
    expect(outcome.closed).toMatchObject({ status: 'closed', entries: 0 });
    expect(outcome.drawn).toMatchObject({ status: 'drawn', winningEntries: [] });
    expect(outcome.winners).toEqual([]);
  });

  it('moves a drawn giveaway with no winners to paid', async () => {
    const now = new Date();
    const giveaway = await newGiveaway(db, 'special', new Date(now.getTime() + DAY_MS));
    await db
      .update(giveaways)
      .set({ status: 'drawn', entries: 0, winningEntries: [], drawnAt: now })
      .where(eq(giveaways.id, giveaway.id));
    expect(await engineAt(now).advance(giveaway.id)).toBe(1);
    const [row] = await db.select().from(giveaways).where(eq(giveaways.id, giveaway.id));
    expect(row).toMatchObject({ status: 'paid', paidAt: now });
    expect(await engineAt(now).advance(giveaway.id)).toBe(0);
  });
});

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back');
  }
}
