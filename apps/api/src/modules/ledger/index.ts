export { accountBalance } from './balances.ts';
export { eventId } from './event-id.ts';
export {
  type AccountRow,
  type CustomerAccountKind,
  type HouseAccountKind,
  InsufficientBalanceError,
  type LedgerQueries,
  ledgerQueries,
  type TransferInput,
  type TransferRow,
} from './ledger.repository.ts';
