/**
 * Schemas of the cart routes (docs/api/cart.md), camelCase inside: the http layer renames wire keys.
 * Path parameters are checked for size only; a reference or item id of the wrong form is simply not
 * found (404), as the spec wants for an unknown cart.
 */
import { z } from 'zod';

const MoneySchema = z.object({ amount: z.number(), currency: z.string() });

export const CartRefParamsSchema = z.object({ ref: z.string().max(200) });
export const CartItemParamsSchema = z.object({ itemId: z.string().max(200) });
export const CartRefItemParamsSchema = CartRefParamsSchema.extend(CartItemParamsSchema.shape);

export const CartTokenSchema = z.object({ cartToken: z.string() });
export type CartToken = z.infer<typeof CartTokenSchema>;

export const CartItemViewSchema = z.object({
  id: z.string(),
  productType: z.enum(['lottery_ticket', 'raffle_ticket', 'syndicate_share', 'membership']),
  lotteryKey: z.string(),
  quantity: z.number().int(),
  unitPrice: MoneySchema,
  totalPrice: MoneySchema,
  numDraws: z.number().int(),
  drawNo: z.number().int().nullable(),
  gameType: z.string().nullable(),
  gameOffer: z.string().nullable(),
  causeKey: z.string().nullable(),
  day: z.string().nullable(),
  recurringPurchase: z.object({ type: z.string(), enabled: z.boolean() }).nullable(),
});
export type CartItemView = z.infer<typeof CartItemViewSchema>;

export const CartViewSchema = z.object({
  cartItems: z.array(CartItemViewSchema),
  cartTotal: MoneySchema,
  preOrderTotal: MoneySchema,
  autoRemovedItems: z.array(z.object({ id: z.string(), reason: z.string() })),
  blockedReasons: z.record(z.string(), z.string()),
  requiresUnattendedPaymentMethod: z.boolean(),
  /** ISO 8601 UTC; null for a customer's cart, which does not expire. */
  expiry: z.string().nullable(),
});
export type CartView = z.infer<typeof CartViewSchema>;
