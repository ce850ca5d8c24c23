export { type VoucherRow, voucherQueries } from './vouchers.repository.ts';
export {
  type Clawback,
  clawBackRefunded,
  clawBackVoucher,
  promotionNotApplicable,
  redeemVoucher,
  voucherOf,
  voucherUses,
} from './vouchers.service.ts';
