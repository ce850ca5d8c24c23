/**
 * Path schemas of the cart routes; bodies and answers are in @drawhouse/contract. Path parameters are
 * checked for size only: a reference or item id of the wrong form is simply not found (404).
 */
import { z } from 'zod';

export const CartRefParamsSchema = z.object({ ref: z.string().max(200) });
export const CartItemParamsSchema = z.object({ itemId: z.string().max(200) });
export const CartRefItemParamsSchema = CartRefParamsSchema.extend(CartItemParamsSchema.shape);
export const ReplayParamsSchema = z.object({ orderId: z.string().max(100) });
