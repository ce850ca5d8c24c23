/**
 * The cart's own limits, checked with the cart row locked: one item per membership program, and no
 * more syndicate shares or raffle tickets than are left, counting what the cart already holds.
 */
import type { TypedCartItemPayload } from '@drawhouse/db';
import { type StockKind, stockRefusal } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { fail } from './cart.lottery-item.ts';
import type { CartItemInsert, CartItemRow } from './cart.repository.ts';

type HeldItem = Pick<CartItemRow, 'productOfferKey' | 'quantity'> & TypedCartItemPayload;

const soldOut = (field: string, message: string) =>
  new AppError(400, 'sold_out', message, { [field]: [{ code: 'sold_out', message }] });

/** The limited stock an item draws on, if any. */
export function stockKindOf(item: Pick<HeldItem, 'productType'>): StockKind | undefined {
  if (item.productType === 'syndicate_share') return 'syndicate';
  if (item.productType === 'raffle_ticket') return 'raffle';
  return undefined;
}

/** The stock an item takes: a syndicate item's shares, a raffle book's tickets, else 0. */
export function stockUnits(item: HeldItem): number {
  if (item.productType === 'syndicate_share') return item.payload.numShares * item.quantity;
  if (item.productType === 'raffle_ticket') return item.payload.numTickets * item.quantity;
  return 0;
}

/** What the items hold of one offer's stock. */
export function heldOf(items: readonly HeldItem[], offerKey: string): number {
  return items.reduce((sum, i) => sum + (i.productOfferKey === offerKey ? stockUnits(i) : 0), 0);
}

const STOCK_FIELDS: Record<StockKind, { offer: string; count: string }> = {
  syndicate: { offer: 'syndicate', count: 'num_shares' },
  raffle: { offer: 'lottery', count: 'book' },
};

/**
 * 400 `sold_out` when `wanted` does not fit in what is left after the cart's `held`: on the offer's
 * field when nothing is left, else on the count's (`num_shares`, `book`); undefined when it fits.
 */
export function stockError(
  kind: StockKind,
  left: number,
  held: number,
  wanted: number,
): AppError | undefined {
  const refusal = stockRefusal(kind, left, held, wanted);
  if (!refusal) return undefined;
  const fields = STOCK_FIELDS[kind];
  return soldOut(refusal.reason === 'sold_out' ? fields.offer : fields.count, refusal.message);
}

export const MEMBERSHIP_HELD = 'This membership is already in your cart; change its billing period there.';

/** Whether a membership item joins a cart already holding its program. */
export function isDuplicate(
  others: readonly Pick<HeldItem, 'productOfferKey' | 'productType'>[],
  item: Pick<CartItemInsert, 'productOfferKey' | 'productType'>,
): boolean {
  return (
    item.productType === 'membership' &&
    others.some((o) => o.productType === 'membership' && o.productOfferKey === item.productOfferKey)
  );
}

/** 400 `validation_error` with `errors.membership_program` code `duplicate`. */
export const duplicateMembership = () => fail('membership_program', MEMBERSHIP_HELD, 'duplicate');
