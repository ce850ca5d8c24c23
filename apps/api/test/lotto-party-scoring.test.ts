/**
 * Lotto party sessions in their lottery draw's scoring, approval and checks: a session's winning
 * games count among a division's winners (a jackpot with no announced figure is shared with the
 * tickets, never paid whole twice), a session's prize over the approval threshold waits for an
 * operator's release and is then split by shares once, and `draw:check` reconciles every session's
 * pot and prize (passing on a settled session, failing on a tampered one).
 */
import {
  and,
  drawPrizeDivisions,
  draws,
  eq,
  ledgerTransfers,
  lottoPartySessions,
  lottoPartyShares,
  notifications,
  prizeRemainders,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { drawEngineOf } from '../src/modules/draws/index.ts';
import { settleLottoPartySessions } from '../src/modules/lotto-party/index.ts';
import { call, newCustomer, type TestCustomer } from './accounts-helpers.ts';
import { aud, balancesOf, checkoutCalls, dueCents, fundWallet } from './checkout-helpers.ts';
import {
  enterPowerball,
  enterPowerballPrizes,
  insertTicket,
  operatorRun,
  ownDrawPairs,
  payoutOf,
  twoOperators,
} from './draws-helpers.ts';
import { drainOutbox, getTestApp, getTestDb, uniqueGroupName } from './helpers.ts';

const app: FastifyInstance = await getTestApp();
const { db } = getTestDb();
const engine = drawEngineOf(app.deps);
const { add, cart, purchase } = checkoutCalls(app);
const pairs = ownDrawPairs(db);
afterEach(() => pairs.takeOffSale());

const GAME_CENTS = 155; // one Powerball standard game: a share at this price buys one game
const WIN = { numbers: [2, 7, 13, 19, 24, 28, 33], powerball: [5] };
const LOSE = { numbers: [1, 3, 4, 5, 6, 8, 9], powerball: [20] };

const party = (token: string, url: string, body?: unknown) => call(app, `/social/v3${url}`, { token, body });

/**
 * A session on `drawId` (autosession off) whose members each bought one share at the price of one
 * game, closed by the engine, its entry then set to `games` (one game a share).
 */
async function closedSession(drawId: string, members: TestCustomer[], games: (typeof WIN)[]) {
  const [owner, ...others] = members;
  if (!owner) throw new Error('a session needs its owner');
  const made = await party(owner.access_token, '/group', {
    group_name: uniqueGroupName('Scoring'),
  });
  expect(made.statusCode, made.body).toBeLessThan(300);
  const groupId = made.json().result.group_id as string;
  if (others.length > 0) {
    const invite = await call(app, `/social/v3/group/${groupId}/invite`, {
      token: owner.access_token,
      body: {},
      method: 'POST',
    });
    for (const m of others) {
      const joined = await call(app, `/social/v3/group/token/${invite.json().result.token}/join`, {
        token: m.access_token,
        body: {},
        method: 'POST',
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
  }
  const opened = await party(owner.access_token, '/session', {
    group_id: groupId,
    draw_id: drawId,
    share_price: aud(GAME_CENTS),
    total_shares: members.length + 1,
    autosession_status: 'off',
  });
  expect(opened.statusCode, opened.body).toBeLessThan(300);
  const sessionId = opened.json().result.session_id as string;
  for (const m of members) {
    await fundWallet(db, m.id, 1_000);
    expect((await add(m.access_token, { session_id: sessionId, num_shares: 1 })).statusCode).toBe(200);
    const due = dueCents(await cart(m.access_token));
    const bought = await purchase(m.access_token, { expected_total: aud(due) });
    expect(bought.statusCode, bought.body).toBe(200);
  }
  const at = Date.now();
  await db
    .update(draws)
    .set({ stopAt: new Date(at - 2_000), drawAt: new Date(at - 1_000) })
    .where(eq(draws.id, drawId));
  expect((await engine.step(drawId)).moved).toBe(true);
  await drainOutbox(app);
  const closed = await sessionRow(sessionId);
  expect(closed?.status).toBe('closed');
  expect(closed?.games).toHaveLength(games.length);
  await db.update(lottoPartySessions).set({ games }).where(eq(lottoPartySessions.id, sessionId));
  return sessionId;
}

const sessionRow = async (id: string) =>
  (await db.select().from(lottoPartySessions).where(eq(lottoPartySessions.id, id)))[0];
const sharesOf = (sessionId: string) =>
  db.select().from(lottoPartyShares).where(eq(lottoPartyShares.sessionId, sessionId));
const prizeTransfersOf = async (customerId: string) =>
  (await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.customerId, customerId))).filter(
    (t) => t.code === 'prize',
  );
const drawStatus = async (id: string) => (await db.select().from(draws).where(eq(draws.id, id)))[0]?.status;

/** The winning numbers published by two operators, with no announced prizes (division 1 shares the jackpot). */
async function publishWin(drawNo: number) {
  const ops = await twoOperators(db);
  for (const op of [ops.a, ops.b]) {
    const entered = await enterPowerball(db, drawNo, {
      numbers: WIN.numbers.join(','),
      powerball: String(WIN.powerball[0]),
      token: op.token,
    });
    expect(entered.code, entered.text).toBe(0);
  }
  return ops;
}

const check = (drawNo: number) => operatorRun(db, ['draw:check', 'powerball', String(drawNo)]);

describe('lotto party sessions in the draw', () => {
  it('share an unannounced division 1 with the tickets and are reconciled by draw:check', async () => {
    const { current } = await pairs.twoDraws();
    await db.update(draws).set({ prizePoolCents: 1_000_001 }).where(eq(draws.id, current.id));
    const owner = await newCustomer(app);
    const { ticket, customerId } = await insertTicket(db, current, [WIN]);
    const sessionId = await closedSession(current.id, [owner], [WIN]);
    const walletBefore = (await balancesOf(db, owner.id)).wallet;

    await publishWin(current.drawNo);
    await engine.advance(current.id);
    await drainOutbox(app);
    expect(await drawStatus(current.id)).toBe('DRAW_EMAILED');

    // Two winning games of division 1: each is paid half the jackpot (truncated), never all of it.
    const [division] = await db
      .select()
      .from(drawPrizeDivisions)
      .where(and(eq(drawPrizeDivisions.drawId, current.id), eq(drawPrizeDivisions.division, 1)));
    expect(division).toMatchObject({ winners: 2, prizeCents: 500_000 });
    expect(await payoutOf(db, ticket.id)).toMatchObject({ prizeCents: 500_000, status: 'paid' });
    expect((await prizeTransfersOf(customerId)).map((t) => t.amountCents)).toEqual([500_000]);
    const paid = await sessionRow(sessionId);
    expect(paid).toMatchObject({ status: 'paid', prizeCents: 500_000, held: false });
    expect((await balancesOf(db, owner.id)).wallet).toBe(walletBefore + 500_000);
    expect((await prizeTransfersOf(owner.id)).map((t) => t.amountCents)).toEqual([500_000]);

    // The check counts the session's game and win, and reconciles its pot and prize.
    const passed = await check(current.drawNo);
    expect(passed.code, passed.text).toBe(0);
    expect(passed.text).toContain('ok    games sold = games scored: 2 sold, 2 scored');
    expect(passed.text).toContain('ok    prizes = the sum over divisions of winners x prize');
    expect(passed.text).toMatch(/ok {4}lotto party pots/);
    expect(passed.text).toMatch(/ok {4}lotto party prizes/);

    // A member's part changed after the credit: the prize no longer reconciles.
    const [share] = await sharesOf(sessionId);
    if (!share) throw new Error('no share');
    await db.update(lottoPartyShares).set({ prizeCents: 500_001 }).where(eq(lottoPartyShares.id, share.id));
    const partTampered = await check(current.drawNo);
    expect(partTampered.code).toBe(1);
    expect(partTampered.text).toMatch(/FAIL {2}lotto party prizes/);
    expect(partTampered.text).toContain(sessionId);
    await db.update(lottoPartyShares).set({ prizeCents: 500_000 }).where(eq(lottoPartyShares.id, share.id));

    // What the games cost changed: the pot no longer reconciles.
    await db.update(lottoPartySessions).set({ spentCents: 150 }).where(eq(lottoPartySessions.id, sessionId));
    const potTampered = await check(current.drawNo);
    expect(potTampered.code).toBe(1);
    expect(potTampered.text).toMatch(/FAIL {2}lotto party pots/);
    expect(potTampered.text).toMatch(/ok {4}lotto party prizes/);
    await db
      .update(lottoPartySessions)
      .set({ spentCents: GAME_CENTS })
      .where(eq(lottoPartySessions.id, sessionId));

    // The session's prize itself raised (and its remainder to match): not what its wins are worth.
    await db
      .update(lottoPartySessions)
      .set({ prizeCents: 500_100 })
      .where(eq(lottoPartySessions.id, sessionId));
    await db
      .update(prizeRemainders)
      .set({ prizeCents: 500_100, remainderCents: 100 })
      .where(and(eq(prizeRemainders.drawId, current.id), eq(prizeRemainders.entryKey, sessionId)));
    const prizeTampered = await check(current.drawNo);
    expect(prizeTampered.code).toBe(1);
    expect(prizeTampered.text).toMatch(/FAIL {2}lotto party prizes/);
  }, 120_000);

  it('holds a session prize over the approval threshold until an operator releases it, then splits it once', async () => {
    const { current } = await pairs.twoDraws();
    await db.update(draws).set({ prizePoolCents: 3_000_001 }).where(eq(draws.id, current.id));
    const owner = await newCustomer(app);
    const member = await newCustomer(app);
    const sessionId = await closedSession(current.id, [owner, member], [WIN, LOSE]);
    const before = { owner: await balancesOf(db, owner.id), member: await balancesOf(db, member.id) };

    const ops = await publishWin(current.drawNo);
    await engine.advance(current.id);
    await drainOutbox(app);
    // $30,000.01 is over the $10,000 threshold: nothing credited, the draw capped while it waits.
    expect(await drawStatus(current.id)).toBe('DRAW_CAPPED');
    expect(await sessionRow(sessionId)).toMatchObject({
      status: 'closed',
      held: true,
      prizeCents: 3_000_001,
    });
    await engine.advance(current.id);
    await drainOutbox(app);
    expect(await settleLottoPartySessions({ db, now: () => new Date() }, current.id)).toBe(0);
    expect(await drawStatus(current.id)).toBe('DRAW_CAPPED');
    expect(await balancesOf(db, owner.id)).toEqual(before.owner);
    expect(await balancesOf(db, member.id)).toEqual(before.member);
    expect(await prizeTransfersOf(owner.id)).toEqual([]);
    expect((await sharesOf(sessionId)).map((s) => s.prizeCents)).toEqual([null, null]);
    const waiting = await check(current.drawNo);
    expect(waiting.code, waiting.text).toBe(0);
    // Both members are told once that the session won and that the prize waits for approval.
    for (const who of [owner, member]) {
      const told = (await db.select().from(notifications).where(eq(notifications.customerId, who.id))).filter(
        (n) => n.sourceKey === `lotto-party-held:${sessionId}`,
      );
      expect(told).toHaveLength(1);
      expect(told[0]?.message).toContain('$30,000.01');
      expect(told[0]?.message).toContain('once it is approved');
    }

    const released = await operatorRun(db, [
      'draw:release',
      'powerball',
      String(current.drawNo),
      '--token',
      ops.b.token,
    ]);
    expect(released.code, released.text).toBe(0);
    expect(released.text).toContain(`lotto party session ${sessionId}: $30,000.01 released`);
    await drainOutbox(app);
    expect(await sessionRow(sessionId)).toMatchObject({
      status: 'paid',
      held: false,
      prizeCents: 3_000_001,
      approvedBy: ops.b.name,
    });
    // Split by shares (one each of two): $15,000.00 each, the cent left recorded as the remainder.
    expect((await sharesOf(sessionId)).map((s) => s.prizeCents)).toEqual([1_500_000, 1_500_000]);
    const [remainder] = await db
      .select()
      .from(prizeRemainders)
      .where(and(eq(prizeRemainders.drawId, current.id), eq(prizeRemainders.entryKey, sessionId)));
    expect(remainder).toMatchObject({
      prizeCents: 3_000_001,
      distributedCents: 3_000_000,
      remainderCents: 1,
    });
    const credited = {
      owner: { ...before.owner, wallet: before.owner.wallet + 1_500_000 },
      member: { ...before.member, wallet: before.member.wallet + 1_500_000 },
    };
    expect(await balancesOf(db, owner.id)).toEqual(credited.owner);
    expect(await balancesOf(db, member.id)).toEqual(credited.member);

    // Released once: a second release finds nothing, the engine and the settlement pay nothing again.
    const twice = await operatorRun(db, [
      'draw:release',
      'powerball',
      String(current.drawNo),
      '--token',
      ops.a.token,
    ]);
    expect(twice.code).toBe(1);
    expect(twice.text).toMatch(/no prize waiting for approval/);
    await engine.advance(current.id);
    await drainOutbox(app);
    expect(await drawStatus(current.id)).toBe('DRAW_EMAILED');
    expect(await settleLottoPartySessions({ db, now: () => new Date() }, current.id)).toBe(0);
    expect(await balancesOf(db, owner.id)).toEqual(credited.owner);
    expect(await balancesOf(db, member.id)).toEqual(credited.member);
    expect((await prizeTransfersOf(member.id)).map((t) => t.amountCents)).toEqual([1_500_000]);
    const passed = await check(current.drawNo);
    expect(passed.code, passed.text).toBe(0);
    expect(passed.text).toContain('ok    games sold = games scored: 2 sold, 2 scored');
  }, 120_000);

  it('wait unsettled for a division won without a prize, and are paid once two operators enter it', async () => {
    const { current } = await pairs.twoDraws();
    const owner = await newCustomer(app);
    // 6 of the numbers without the Powerball: division 4, which the results give no prize.
    const sixOnly = { numbers: [...WIN.numbers.slice(0, 6), 1], powerball: [20] };
    const sessionId = await closedSession(current.id, [owner], [sixOnly]);
    const walletBefore = (await balancesOf(db, owner.id)).wallet;
    const ops = await publishWin(current.drawNo);
    await engine.advance(current.id);
    await drainOutbox(app);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'closed', held: false });
    expect(await drawStatus(current.id)).toBe('DRAW_CAPPED');
    expect((await balancesOf(db, owner.id)).wallet).toBe(walletBefore);
    const waiting = await check(current.drawNo);
    expect(waiting.code, waiting.text).toBe(1);
    expect(waiting.text).toContain('1 lotto party sessions unpaid');

    for (const op of [ops.a, ops.b]) {
      const entered = await enterPowerballPrizes(db, current.drawNo, '4=250', op.token);
      expect(entered.code, entered.text).toBe(0);
    }
    await engine.advance(current.id);
    await drainOutbox(app);
    expect(await sessionRow(sessionId)).toMatchObject({ status: 'paid', prizeCents: 25_000 });
    expect((await balancesOf(db, owner.id)).wallet).toBe(walletBefore + 25_000);
    expect((await prizeTransfersOf(owner.id)).map((t) => t.amountCents)).toEqual([25_000]);
    expect(await drawStatus(current.id)).toBe('DRAW_EMAILED');
    const passed = await check(current.drawNo);
    expect(passed.code, passed.text).toBe(0);
  }, 120_000);
});
