/**
 * Path and query schemas of the orders routes; the answers are in @drawhouse/contract. Query keys
 * arrive snake_case and are renamed to camelCase before these run.
 */
import { ORDERS_MAX_PAGE_SIZE, ORDERS_PAGE_SIZE, OrderListStatusSchema } from '@drawhouse/contract';
import { z } from 'zod';

export const OrdersQuerySchema = z.object({
  status: OrderListStatusSchema.default('upcoming_products'),
  limit: z.coerce.number().int().min(1).max(ORDERS_MAX_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
/** Checked for size only: an id of the wrong form is simply not found. */
export const IdParamsSchema = z.object({ id: z.string().max(100) });
export const OrderQuerySchema = z.object({
  showDetails: z.enum(['true', 'false']).default('false'),
});
