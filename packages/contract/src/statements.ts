/**
 * The monthly activity statement (docs/api/accounts.md): `GET /v2/customer/statements` lists the
 * months with activity, `GET /v2/customer/statements/{YYYY-MM}` answers one month's totals and its
 * transactions. Months are calendar months on the Sydney clock.
 */
import { z } from 'zod';
import { IsoDateSchema, MoneySchema } from './money.ts';
import { TransactionSchema } from './wallet.ts';

/** A month on the wire: a four-digit year and a two-digit month. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** One month of the list: `month` is `YYYY-MM`, `name` as the shop shows it ("November 2026"). */
export const StatementListItemSchema = z.object({
  month: z.string(),
  name: z.string(),
});
export type StatementListItem = z.infer<typeof StatementListItemSchema>;

export const StatementListSchema = z.array(StatementListItemSchema);
export type StatementList = z.infer<typeof StatementListSchema>;

/**
 * One month's statement. Balances are cash and promotional credit together. `spend` and
 * `withdrawals` are positive amounts; `adjustments` (promotional credit, corrections) is signed;
 * `net` is winnings and refunds less spend. Opening plus the movements is the closing balance.
 * `transactions` are the month's lines of the transactions list, oldest first; held and voided ones
 * are listed and count for nothing. `previous` and `next` are the neighbouring months that have a
 * statement (null before the opening month and after the current one).
 */
export const StatementSchema = z.object({
  month: z.string(),
  name: z.string(),
  from: IsoDateSchema,
  to: IsoDateSchema,
  timeZone: z.string(),
  openingBalance: MoneySchema,
  deposits: MoneySchema,
  withdrawals: MoneySchema,
  spend: MoneySchema,
  refunds: MoneySchema,
  winnings: MoneySchema,
  adjustments: MoneySchema,
  net: MoneySchema,
  closingBalance: MoneySchema,
  transactions: z.array(TransactionSchema),
  previous: StatementListItemSchema.nullable(),
  next: StatementListItemSchema.nullable(),
});
export type Statement = z.infer<typeof StatementSchema>;
