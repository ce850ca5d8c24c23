export { recoverWithdrawalPayoutsJob, WITHDRAWAL_PAYOUTS_JOB } from './payouts.job.ts';
export { payoutsOf } from './payouts.service.ts';
export { walletModule } from './wallet.routes.ts';
export { walletSubscribers, withdrawalPath } from './wallet.subscribers.ts';
export {
  createWithdrawalOperations,
  type WithdrawalLine,
  type WithdrawalOperations,
  withdrawalOperationsOf,
} from './withdrawals.service.ts';
export { withdrawalsAdminModule } from './withdrawals-admin.routes.ts';
