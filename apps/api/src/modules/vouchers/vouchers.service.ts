/**
 * Voucher uses as money moves: a purchase redeems its cart's voucher inside its own transaction, and
 * a cancellation or refund takes a credit voucher's credit back when what the purchase keeps no
 * longer qualifies. The rules are the domain's (voucher.ts); this file loads, decides and saves.
 *
 * - Per customer: the purchase holds the customer lock (`lockCustomer`), counts the customer's uses
 *   and inserts use number n + 1; the unique (voucher, customer, seq) index refuses a second insert
 *   of the same use whatever happens.
 * - In all: a voucher with `max_redemptions` has its row locked for update while its uses are counted,
 *   so two purchases cannot both take its last use. A voucher without one is never locked.
 * - Clawback: promotional credit is taken back as far as the promotional balance goes; what was spent
 *   already is recorded as the redemption's shortfall (never taken from cash, never a negative balance).
 */
import type { DbOrTx, voucherRedemptions } from '@drawhouse/db';
import {
  type Voucher,
  type VoucherUses,
  voucherClawback,
  voucherRefusal,
  voucherRefusalMessage,
  voucherStillStands,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { accountBalance, eventId, ledgerQueries } from '../ledger/index.ts';
import { type VoucherRow, voucherQueries } from './vouchers.repository.ts';

/** The domain's view of a stored voucher. */
export function voucherOf(row: VoucherRow): Voucher {
  return {
    type: row.type,
    amountCents: row.amountCents,
    percentBasisPoints: row.percentBasisPoints,
    minSpendCents: row.minSpendCents,
    validFrom: row.validFrom,
    expiresAt: row.expiresAt,
    active: row.active,
    perCustomerLimit: row.perCustomerLimit,
    maxRedemptions: row.maxRedemptions,
    segments: row.segments,
  };
}

/** A cart's voucher that cannot be used at checkout: nothing is charged. */
export const promotionNotApplicable = (message: string) =>
  new AppError(
    409,
    'promotion_not_applicable',
    `${message} Nothing was charged: remove the promotion code or change your cart, then try again.`,
  );

/**
 * How often the voucher was used, as its rules need it (the total only when it has a total limit),
 * and the customer's segment when the voucher is limited to segments.
 */
export async function voucherUses(db: DbOrTx, voucher: VoucherRow, customerId: string | null) {
  const q = voucherQueries(db);
  return {
    customer: customerId === null ? null : await q.customerUses(voucher.id, customerId),
    total: voucher.maxRedemptions === null ? null : await q.totalUses(voucher.id),
    segment: customerId === null || voucher.segments === null ? null : await q.segmentOf(customerId),
  };
}

export type Redemption = {
  voucherId: string;
  customerId: string;
  checkoutId: string;
  chargedNowCents: number;
  discountCents: number;
  promoCreditCents: number;
  at: Date;
};

/**
 * Records the use of a voucher by a purchase, in the purchase's transaction (the customer is locked
 * by it); throws 409 `promotion_not_applicable` when the voucher may no longer be used, so the whole
 * purchase rolls back.
 */
export async function redeemVoucher(tx: DbOrTx, use: Redemption): Promise<void> {
  const q = voucherQueries(tx);
  const unlocked = await q.byId(use.voucherId);
  if (!unlocked) throw promotionNotApplicable('This promotion code no longer exists.');
  const row = unlocked.maxRedemptions === null ? unlocked : await q.byId(use.voucherId, true);
  if (!row) throw promotionNotApplicable('This promotion code no longer exists.');
  const inserted = await q.insertRedemption(
    redemptionOf(row, await voucherUses(tx, row, use.customerId), use),
  );
  if (!inserted)
    throw promotionNotApplicable(voucherRefusalMessage(row.code, voucherOf(row), 'already_used'));
}

/**
 * The use a purchase records of a voucher it read (locked when it has a total limit) with its uses,
 * or 409 `promotion_not_applicable` when the voucher may no longer be used. Its `seq` is the
 * customer's next use: the unique (voucher, customer, seq) index refuses a second insert of it.
 */
export function redemptionOf(
  row: VoucherRow | undefined,
  uses: VoucherUses,
  use: Redemption,
): typeof voucherRedemptions.$inferInsert {
  if (!row) throw promotionNotApplicable('This promotion code no longer exists.');
  const voucher = voucherOf(row);
  const refusal = voucherRefusal(voucher, use.chargedNowCents, use.at, uses);
  if (refusal !== null) throw promotionNotApplicable(voucherRefusalMessage(row.code, voucher, refusal));
  return {
    voucherId: row.id,
    customerId: use.customerId,
    checkoutId: use.checkoutId,
    seq: (uses.customer ?? 0) + 1,
    discountCents: use.discountCents,
    promoCreditCents: use.promoCreditCents,
    createdAt: use.at,
  };
}

export type Clawback = { code: string | null; fromPromoCents: number; shortfallCents: number };

/**
 * After a cancellation or refund touching checkout `checkoutId`, in its transaction with the
 * customer's accounts locked (`lockCustomer` or `lockCustomers` first, in that order): when what the
 * checkout keeps of what it charged at checkout (less what was refunded so far, at the prices it was
 * sold for) no longer qualifies for its voucher, the voucher's credit not yet taken back comes out
 * of the customer's promotional credit, as it stands now, as far as it goes, and the rest is recorded
 * as spent. The use stays counted. Safe to call again: what was settled is not taken twice. Answers
 * what was taken (zeros when nothing).
 */
export async function clawBackVoucher(
  tx: DbOrTx,
  input: { checkoutId: string; customerId: string; at: Date },
): Promise<Clawback> {
  const none = { code: null, fromPromoCents: 0, shortfallCents: 0 };
  const q = voucherQueries(tx);
  const found = await q.redemptionOfCheckout(input.checkoutId);
  if (!found || found.redemption.customerId !== input.customerId) return none;
  const { redemption, voucher } = found;
  if (redemption.promoCreditCents === 0) return none;
  const kept = found.chargedNowCents - (await q.refundedOfCheckout(input.checkoutId));
  if (voucherStillStands(voucherOf(voucher), kept)) return none;
  const settled = redemption.clawedBackCents + redemption.clawbackShortfallCents;
  const ledger = ledgerQueries(tx);
  // Read again under the lock the caller holds: a refund posted in this transaction moved it.
  const { promo } = await ledger.lockCustomer(input.customerId);
  const available = accountBalance(promo).availableCents;
  const { fromPromo, shortfall } = voucherClawback(redemption.promoCreditCents, settled, available);
  if (fromPromo === 0 && shortfall === 0) return none;
  if (fromPromo > 0) {
    await ledger.post([
      {
        id: eventId(`voucher-clawback:${redemption.id}`),
        debitAccountId: promo.id,
        creditAccountId: await ledger.houseAccount('promotions'),
        amountCents: fromPromo,
        code: 'promo_credit',
        customerId: input.customerId,
        reference: input.checkoutId,
        description: `Promotional credit taken back: ${voucher.code}`,
      },
    ]);
  }
  await q.markClawedBack(redemption.id, fromPromo, shortfall, input.at);
  return { code: voucher.code, fromPromoCents: fromPromo, shortfallCents: shortfall };
}

/**
 * After a refund of whole items of these checkouts (a cancelled syndicate draw or lotto party
 * session), in the refund's transaction once its transfers are posted: `clawBackVoucher` for each
 * checkout whose voucher credit is not all taken back, its buyers' accounts locked together first
 * (in account order, as every batch takes them).
 */
export async function clawBackRefunded(tx: DbOrTx, checkoutIds: readonly string[], at: Date): Promise<void> {
  const due = await voucherQueries(tx).creditNotTakenBack([...new Set(checkoutIds)]);
  if (due.length === 0) return;
  await ledgerQueries(tx).lockCustomers([...new Set(due.map((d) => d.customerId))].sort());
  for (const { checkoutId, customerId } of due) await clawBackVoucher(tx, { checkoutId, customerId, at });
}
