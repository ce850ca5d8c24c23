export { walletModule } from './wallet.routes.ts';
export {
  createWithdrawalNotices,
  type WithdrawalNotices,
  withdrawalPath,
} from './withdrawal-notices.service.ts';
export {
  createWithdrawalOperations,
  type WithdrawalLine,
  type WithdrawalOperations,
} from './withdrawals.service.ts';
