export { walletModule } from './wallet.routes.ts';
export { walletSubscribers, withdrawalPath } from './wallet.subscribers.ts';
export {
  createWithdrawalOperations,
  type WithdrawalLine,
  type WithdrawalOperations,
} from './withdrawals.service.ts';
