/**
 * A subscription edited (`PATCH /v2/subscriptions/{id}`): the entry it buys is rebuilt from what it
 * holds and the change asked for, and checked and priced by the cart's own item rules against the
 * catalogue, so an edit is accepted and costs exactly what the same item would in the cart.
 */
import { randomInt } from 'node:crypto';
import type { SubscriptionPatch } from '@drawhouse/contract';
import {
  BILLING_PERIODS,
  type BillingPeriod,
  type DbOrTx,
  type LotteryItemPayload,
  type RaffleItemPayload,
} from '@drawhouse/db';
import { fieldErrors, validationError } from '../../http/validation.ts';
import {
  buildLotteryItem,
  buildMembershipItem,
  buildRaffleItem,
  type CartItemInsert,
  cartQueries,
} from '../cart/index.ts';
import type { RecurringRow, RecurringUpdate } from './recurring.repository.ts';

const refuse = (field: string, message: string) =>
  validationError(fieldErrors([[field, message, 'not_editable']]));

/** A membership's billing period, named by its offer (`daily-winners-annually`) or its game type. */
function billingPeriodOf(item: CartItemInsert): BillingPeriod | null {
  if (item.productType !== 'membership') return null;
  const { membershipOffer, gameType } = item.payload;
  const named = BILLING_PERIODS.find(
    (period) => membershipOffer.endsWith(`-${period}`) || gameType === period,
  );
  return named ?? 'monthly';
}

async function rebuild(tx: DbOrTx, row: RecurringRow, patch: SubscriptionPatch, now: Date) {
  const catalogue = cartQueries(tx);
  const recurringPurchase =
    row.type === 'combined_recurring_purchase' ? null : { type: row.type, enabled: true };
  if (row.productType === 'lottery_ticket') {
    const p = row.payload as LotteryItemPayload;
    const gameOffer = patch.gameOffer ?? p.gameOffer;
    const numGames = patch.numGames ?? p.numGames;
    const kept = p.games.slice(0, numGames);
    const cat = await catalogue.lotteryItemCatalogue(row.productOfferKey, p.gameType, gameOffer, now);
    return buildLotteryItem(
      cat,
      {
        lottery: row.productOfferKey,
        gameType: p.gameType,
        gameOffer,
        games: kept,
        quickpick: kept.length < numGames || p.quickpick,
        numGames,
        numDraws: 1,
        day: p.day,
        causeKey: patch.causeKey === undefined ? p.causeKey : patch.causeKey,
        recurringPurchase,
      },
      {
        now,
        random: (max) => randomInt(max),
        drawExists: async (drawNo) => (await catalogue.drawByNo(row.productOfferKey, drawNo)) !== undefined,
      },
    );
  }
  if (row.productType === 'raffle_ticket') {
    if (patch.gameOffer !== undefined) throw refuse('game_offer', 'A raffle subscription has no game offer.');
    if (patch.numGames !== undefined) throw refuse('num_games', 'A raffle subscription has no games.');
    const p = row.payload as RaffleItemPayload;
    return buildRaffleItem(
      await catalogue.raffleItemCatalogue(row.productOfferKey, now),
      { lottery: row.productOfferKey, book: p.numTickets, causeKey: patch.causeKey ?? p.causeKey },
      { now, held: 0 },
    );
  }
  if (row.productType === 'membership') {
    if (patch.causeKey != null) throw refuse('cause_key', 'A membership has no cause.');
    if (patch.numGames !== undefined) throw refuse('num_games', 'A membership has no games.');
    const program = row.productOfferKey;
    const offer = patch.gameOffer ?? (row.payload as { membershipOffer: string }).membershipOffer;
    return buildMembershipItem(await catalogue.membershipItemCatalogue(program, offer), {
      membershipProgram: program,
      membershipOffer: offer,
    });
  }
  throw refuse('game_offer', 'This recurring purchase cannot be edited.');
}

/** The columns an accepted edit changes; throws the cart's 4xx when the edit is refused. */
export async function repricedSubscription(
  tx: DbOrTx,
  row: RecurringRow,
  patch: SubscriptionPatch,
  now: Date,
): Promise<RecurringUpdate> {
  const item = await rebuild(tx, row, patch, now);
  return {
    payload: item.payload,
    unitPriceCents: item.unitPriceCents,
    quantity: item.quantity ?? 1,
    billingPeriod: billingPeriodOf(item) ?? row.billingPeriod,
  };
}
