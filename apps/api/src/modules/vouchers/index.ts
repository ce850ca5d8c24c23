export { type VoucherRow, voucherQueries } from './vouchers.repository.ts';
export {
  type Clawback,
  clawBackVoucher,
  promotionNotApplicable,
  redeemVoucher,
  voucherOf,
  voucherUses,
} from './vouchers.service.ts';
