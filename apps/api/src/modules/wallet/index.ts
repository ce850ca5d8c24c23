export { walletModule } from './wallet.routes.ts';
export {
  createWithdrawalOperations,
  type WithdrawalLine,
  type WithdrawalOperations,
} from './withdrawals.service.ts';
