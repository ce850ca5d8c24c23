/**
 * Account migration and upgrade (docs/api/accounts.md, "Migration"): moving an account of the older
 * shop into Drawhouse, and the upgrade a migrated customer completes before going on.
 */
import { z } from 'zod';
import { AddressSchema } from './account-requests.ts';
import { MoneySchema } from './money.ts';

export const MigrationStatusSchema = z.enum([
  'ineligible',
  'eligible_soft',
  'eligible_hard',
  'in_progress',
  'migrated',
]);
export type MigrationStatusWire = z.infer<typeof MigrationStatusSchema>;

/** `retry`: start again after a failed attempt (without it, a failed move answers 409 `migration_failed`). */
export const MigrateBodySchema = z.object({ retry: z.boolean().optional() }).nullish();
export type MigrateBody = z.infer<typeof MigrateBodySchema>;

/** One balance of the older account, as it moved (or will move) into the wallet. */
export const MigratedBalanceSchema = z.object({
  kind: z.enum(['cash', 'promo']),
  amount: MoneySchema,
});

/**
 * A ticket of the older account for a draw still to come: `waiting` to move, `entered` in
 * Drawhouse's draw of that number, or `refunded` to the wallet (the draw no longer took entries).
 */
export const MigratedTicketSchema = z.object({
  reference: z.string(),
  lottery: z.string(),
  drawNo: z.number().int(),
  price: MoneySchema,
  status: z.enum(['waiting', 'entered', 'refunded']),
});
export type MigratedTicket = z.infer<typeof MigratedTicketSchema>;

/**
 * The answer of `POST /migration/migrate`: 202 with `in_progress` while the move runs (call again
 * to follow it), 200 with `migrated` once done.
 */
export const MigrationResultSchema = z.object({
  status: MigrationStatusSchema,
  balances: z.array(MigratedBalanceSchema),
  tickets: z.array(MigratedTicketSchema),
});
export type MigrationResult = z.infer<typeof MigrationResultSchema>;

const text = (max = 500) => z.string().max(max);

/** `POST /customer/upgrade`: the details Drawhouse needs of a migrated account, checked as at sign-up. */
export const UpgradeBodySchema = z.object({
  dateOfBirth: text(40),
  phone: text(60),
  address: AddressSchema,
  acceptTerms: z.boolean().optional(),
});
export type UpgradeBody = z.infer<typeof UpgradeBodySchema>;
