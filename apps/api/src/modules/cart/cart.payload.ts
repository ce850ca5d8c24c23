/**
 * The stored entry of a cart item (`cart_items.payload`), one shape per product type as
 * packages/db declares it (`CartItemPayloads`). The repository parses every item it reads: a stored
 * payload that does not fit its product type is an error naming the item, never read as something
 * else.
 */
import type {
  LotteryItemPayload,
  LottoPartyItemPayload,
  MembershipItemPayload,
  RaffleItemPayload,
  StoredGame,
  SyndicateItemPayload,
  TypedCartItemPayload,
} from '@drawhouse/db';
import { z } from 'zod';

const Numbers = z.array(z.number().int());

const StoredGameSchema = z.object({
  numbers: Numbers,
  powerball: Numbers.optional(),
  favourites: Numbers.optional(),
}) satisfies z.ZodType<StoredGame>;

const DrawnItem = {
  description: z.string(),
  purchaseStatus: z.enum(['open', 'pre_order']),
  drawDate: z.string(),
};

const LotteryPayloadSchema = z.object({
  ...DrawnItem,
  gameType: z.string(),
  gameOffer: z.string(),
  games: z.array(StoredGameSchema),
  quickpick: z.boolean(),
  numGames: z.number().int(),
  day: z.string().nullable(),
  causeKey: z.string().nullable(),
}) satisfies z.ZodType<LotteryItemPayload>;

const RafflePayloadSchema = z.object({
  ...DrawnItem,
  numTickets: z.number().int(),
  causeKey: z.string(),
}) satisfies z.ZodType<RaffleItemPayload>;

const SyndicatePayloadSchema = z.object({
  ...DrawnItem,
  gameType: z.literal('syndicate'),
  numShares: z.number().int(),
  offerName: z.string(),
}) satisfies z.ZodType<SyndicateItemPayload>;

const LottoPartyPayloadSchema = z.object({
  ...DrawnItem,
  gameType: z.literal('lotto_party'),
  numShares: z.number().int(),
  offerName: z.string(),
  sessionId: z.string(),
  groupName: z.string(),
}) satisfies z.ZodType<LottoPartyItemPayload>;

const MembershipPayloadSchema = z.object({
  description: z.string(),
  gameType: z.string(),
  membershipProgram: z.string(),
  membershipOffer: z.string(),
  membershipOfferName: z.string(),
}) satisfies z.ZodType<MembershipItemPayload>;

/** A stored item's product type with its payload, told apart by the product type. */
const TypedPayloadSchema = z.discriminatedUnion('productType', [
  z.object({ productType: z.literal('lottery_ticket'), payload: LotteryPayloadSchema }),
  z.object({ productType: z.literal('raffle_ticket'), payload: RafflePayloadSchema }),
  z.object({
    productType: z.literal('syndicate_share'),
    payload: z.discriminatedUnion('gameType', [SyndicatePayloadSchema, LottoPartyPayloadSchema]),
  }),
  z.object({ productType: z.literal('membership'), payload: MembershipPayloadSchema }),
]) satisfies z.ZodType<TypedCartItemPayload>;

/** A stored cart item whose payload does not fit its product type. */
export class StoredPayloadError extends Error {
  constructor(itemId: string, productType: string, issues: string) {
    super(`cart item ${itemId}: the stored ${productType} payload does not fit its type (${issues})`);
    this.name = 'StoredPayloadError';
  }
}

/**
 * An item as read from the database with its payload parsed by its product type; throws
 * StoredPayloadError when the product type is unknown or the payload does not fit it.
 */
export function parseCartItem<R extends { id: string; productType: string; payload: unknown }>(
  row: R,
): Omit<R, 'productType' | 'payload'> & TypedCartItemPayload {
  const parsed = TypedPayloadSchema.safeParse({ productType: row.productType, payload: row.payload });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new StoredPayloadError(row.id, row.productType, issues.join('; '));
  }
  return { ...row, ...parsed.data };
}
