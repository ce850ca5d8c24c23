export { promotionsAdminModule } from './promotions-admin.routes.ts';
export { type VoucherRow, voucherQueries } from './vouchers.repository.ts';
export {
  type Clawback,
  clawBackRefunded,
  clawBackVoucher,
  promotionNotApplicable,
  redeemVoucher,
  redemptionOf,
  voucherOf,
  voucherUses,
} from './vouchers.service.ts';
