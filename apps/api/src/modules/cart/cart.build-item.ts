/**
 * An item checked and priced against the catalogue, nothing written: the product type's rules (the
 * ticket rules, the draw choice, the draws on sale), its shares or tickets fitting in what is left
 * after those of the same offer among `others` (the cart's other items), and the minimum jackpot an
 * autoplay takes with it. The catalogue comes from the repository or from rows read before.
 */
import { randomInt } from 'node:crypto';
import type { CartItemBody } from '@drawhouse/contract';
import type { RandomInt } from '@drawhouse/domain';
import type { CatalogueReader } from './cart.catalogue.repository.ts';
import { heldOf } from './cart.limits.ts';
import { buildLotteryItem } from './cart.lottery-item.ts';
import { buildLottoPartyItem, heldOfSession, sessionNotFound } from './cart.lotto-party-item.ts';
import { buildMembershipItem } from './cart.membership-item.ts';
import { minimumJackpotOf } from './cart.minimum-jackpot.ts';
import type { CartItemInsert, CartItemRow } from './cart.repository.ts';
import { buildRaffleItem, buildSyndicateItem } from './cart.share-items.ts';

/** Quick picks use the operating system's cryptographically secure generator. */
const secureRandom: RandomInt = (maxExclusive) => randomInt(maxExclusive);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function buildItem(
  db: CatalogueReader,
  body: CartItemBody,
  others: readonly CartItemRow[],
  customerId: string | null,
  at: Date,
): Promise<CartItemInsert> {
  const minimumJackpotCents = minimumJackpotOf(body);
  const item = await buildEntry(db, body, others, customerId, at);
  if (minimumJackpotCents === undefined || !item.recurringPurchase) return item;
  return { ...item, recurringPurchase: { ...item.recurringPurchase, minimumJackpotCents } };
}

/** The item's entry checked and priced, as `buildItem` without the minimum jackpot. */
async function buildEntry(
  db: CatalogueReader,
  body: CartItemBody,
  others: readonly CartItemRow[],
  customerId: string | null,
  at: Date,
): Promise<CartItemInsert> {
  if (body.kind === 'lotto_party') {
    if (!UUID_PATTERN.test(body.sessionId)) throw sessionNotFound();
    const held = heldOfSession(others, body.sessionId);
    return buildLottoPartyItem(await db.lottoPartySession(body.sessionId, customerId), body, {
      now: at,
      held,
    });
  }
  if (body.kind === 'raffle') {
    const held = heldOf(others, body.lottery);
    return buildRaffleItem(await db.raffleItemCatalogue(body.lottery, at), body, { now: at, held });
  }
  if (body.kind === 'syndicate') {
    const key = body.syndicate;
    const cat = await db.lotteryItemCatalogue(key, 'syndicate', `${key}-share`, at);
    return buildSyndicateItem(cat, body, {
      now: at,
      held: heldOf(others, key),
      drawExists: async (drawNo) => (await db.drawByNo(key, drawNo)) !== undefined,
    });
  }
  if (body.kind === 'membership') {
    return buildMembershipItem(
      await db.membershipItemCatalogue(body.membershipProgram, body.membershipOffer),
      body,
    );
  }
  const cat = await db.lotteryItemCatalogue(body.lottery, body.gameType, body.gameOffer, at);
  return buildLotteryItem(cat, body, {
    now: at,
    random: secureRandom,
    drawExists: async (drawNo) => (await db.drawByNo(body.lottery, drawNo)) !== undefined,
  });
}

/** The offers an item body is checked against (what the add's read loads the catalogue of). */
export function offerKeysOf(body: CartItemBody): string[] {
  switch (body.kind) {
    case 'lotto_party':
      return [];
    case 'raffle':
      return [body.lottery];
    case 'syndicate':
      return [body.syndicate];
    case 'membership':
      return [body.membershipProgram];
    default:
      return [body.lottery];
  }
}
