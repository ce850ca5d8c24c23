export { accountBalance } from './balances.ts';
export { eventId } from './event-id.ts';
export {
  type AccountRow,
  type CustomerAccountKind,
  type HouseAccountKind,
  InsufficientBalanceError,
  isBalanceViolation,
  type LedgerQueries,
  ledgerQueries,
  rememberHouseAccounts,
  type TransferInput,
  type TransferRow,
} from './ledger.repository.ts';
export { checkLedger } from './ledger-check.service.ts';
