/**
 * The giveaway engine: one step moves a Daily Winners giveaway along its life
 *
 *   open -> closed     at its close time: every customer in the draw at the close gets an entry,
 *                      numbered 1..N in order of joining (`@drawhouse/db`'s `closeGiveaway`)
 *   closed -> drawn    the winners from its committed seed with the raffles' provably fair draw,
 *                      key `giveaway-{type}`, draw number = its number (`drawGiveaway`, ADR 066)
 *   drawn -> paid      each winner's prize credited once: cash to the wallet, credit to the
 *                      promotional balance, from the house's `promotions` account
 *
 * Each step is idempotent and safe on two workers at once: the giveaway is moved by a status-guarded
 * update or claimed with `skip locked`, winners are claimed with `skip locked`, and money moves under
 * ids derived from the giveaway and the prize (`giveawayPrizeTransferId`), so a prize is credited
 * once whatever runs twice. `step` does one move; `advance` runs them all in place (the minute's
 * sweep, the CLI and the tests).
 *
 * What follows a move is an outbox event written in the move's transaction, never a call:
 * `giveaway.drawn` when the winners are known, `giveaway.prize_credited` for each batch paid (its
 * winners are told in the feed and by mail, once: giveaway-notices.ts).
 */
import type { Database } from '@drawhouse/db';
import { type GiveawayType, giveawayExternalId } from '@drawhouse/domain';
import { eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { emit } from '../outbox/index.ts';
import { giveawayEngineRepository } from './giveaway-engine.repository.ts';

export type GiveawayEngineDeps = { db: Database; now: () => Date };

/** The one ledger transfer of a giveaway's prize. */
export const giveawayPrizeTransferId = (giveawayId: string, prizeIndex: number) =>
  eventId(`giveaway:${giveawayId}:prize:${prizeIndex}`);

export function createGiveawayEngine(deps: GiveawayEngineDeps) {
  const { db, now } = deps;

  async function close(id: string): Promise<boolean> {
    return db.transaction(async (tx) => (await giveawayEngineRepository(tx).close(id, now())) !== undefined);
  }

  async function draw(id: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const drawn = await giveawayEngineRepository(tx).draw(id, now());
      if (!drawn) return false;
      await emit(tx, 'giveaway.drawn', id, {
        giveawayId: id,
        type: drawn.type,
        number: drawn.number,
        winners: drawn.winningEntries?.length ?? 0,
      });
      return true;
    });
  }

  /** Credits the unpaid winners this call claims; answers how many it paid. */
  async function payBatch(id: string): Promise<number> {
    return db.transaction(async (tx) => {
      const repo = giveawayEngineRepository(tx);
      const claimed = await repo.claimUnpaid(id);
      if (claimed.length === 0) return 0;
      const giveaway = await repo.one(id);
      if (!giveaway) return 0;
      const ledger = ledgerQueries(tx);
      const house = await ledger.houseAccount('promotions');
      const reference = giveawayExternalId(giveaway.type, giveaway.number);
      const transfers: TransferInput[] = [];
      for (const { winner } of claimed) {
        if (winner.amountCents <= 0) continue;
        const accounts = await ledger.customerAccounts(winner.customerId);
        const cash = winner.kind === 'cash';
        transfers.push({
          id: giveawayPrizeTransferId(id, winner.prizeIndex),
          debitAccountId: house,
          creditAccountId: cash ? accounts.wallet.id : accounts.promo.id,
          amountCents: winner.amountCents,
          code: cash ? 'prize' : 'promo_credit',
          customerId: winner.customerId,
          reference,
          description: `Daily Winners prize: ${giveaway.title} (${winner.title})`,
        });
      }
      await ledger.post(transfers);
      const prizeIndexes = claimed.map((c) => c.winner.prizeIndex);
      await repo.markPaid(id, prizeIndexes, now());
      await emit(tx, 'giveaway.prize_credited', id, { giveawayId: id, prizeIndexes });
      return claimed.length;
    });
  }

  /** Pays what is unpaid of a drawn giveaway, then moves it to paid; answers whether it moved. */
  async function pay(id: string): Promise<boolean> {
    while ((await payBatch(id)) > 0) {}
    return giveawayEngineRepository(db).finishPaying(id, now());
  }

  async function step(id: string): Promise<boolean> {
    const found = await giveawayEngineRepository(db).one(id);
    if (!found) return false;
    switch (found.status) {
      case 'open':
        return found.closesAt <= now() ? close(id) : false;
      case 'closed':
        return draw(id);
      case 'drawn':
        return pay(id);
      default:
        return false;
    }
  }

  /** Steps a giveaway as far as it goes now; answers the moves made. */
  async function advance(id: string): Promise<number> {
    let moves = 0;
    while (moves < 10 && (await step(id))) moves += 1;
    return moves;
  }

  return {
    step,
    advance,

    /** A giveaway by its type and number (`giveaway:draw`). */
    find: (type: GiveawayType, number: number) => giveawayEngineRepository(db).byNumber(type, number),

    /** Every giveaway that can move now, moved as far as it goes (the minute's sweep). */
    async sweep(): Promise<number> {
      let moves = 0;
      for (const { id } of await giveawayEngineRepository(db).due(now())) moves += await advance(id);
      return moves;
    },
  };
}

export type GiveawayEngine = ReturnType<typeof createGiveawayEngine>;
