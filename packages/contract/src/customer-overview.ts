/**
 * GET /v2/customer (docs/api/accounts.md): the customer overview, with the parts other modules
 * answer for the customer (verification; the shop's branding and experiments; limits).
 */
import { z } from 'zod';
import { CustomerOverviewSchema, LocationFlagsSchema } from './accounts.ts';
import { LimitsOverviewSchema } from './spend-limits.ts';
import { VerificationOverviewSchema } from './verification.ts';

/** The shop as this customer sees it: the region of their pricing's branding, and their experiment groups. */
export const ShopOverviewSchema = z.object({
  /** The region of the customer's pricing's locale ("AU" for en-AU, "GB" for en-GB). */
  brandingRegion: z.string(),
  /** The group of each running experiment the customer is in, by experiment name. */
  experimentGroups: z.record(z.string(), z.string()),
});
export type ShopOverview = z.infer<typeof ShopOverviewSchema>;

export const CustomerAccountOverviewSchema = CustomerOverviewSchema.extend(VerificationOverviewSchema.shape)
  .extend(ShopOverviewSchema.shape)
  .extend(LocationFlagsSchema.shape)
  .extend(LimitsOverviewSchema.shape);
export type CustomerAccountOverview = z.infer<typeof CustomerAccountOverviewSchema>;
