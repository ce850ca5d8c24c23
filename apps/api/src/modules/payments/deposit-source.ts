/** What paid a deposit, in the customer's words ("Visa ending 4242", "PayPal", "Apple Pay"), for receipts. */
import type { DbOrTx } from '@drawhouse/db';
import { depositMethod } from './payment-methods.ts';
import { paymentsRepository } from './payments.repository.ts';
import { fundLabel } from './payments.view.ts';

export type DepositSource = { cents: number; label: string };

export async function depositSource(
  db: DbOrTx,
  depositId: string | null,
): Promise<DepositSource | undefined> {
  if (!depositId) return undefined;
  const repo = paymentsRepository(db);
  const deposit = await repo.deposit(depositId);
  if (!deposit) return undefined;
  const fund = deposit.fundId ? await repo.fundById(deposit.fundId) : undefined;
  return {
    cents: deposit.amountCents,
    label: fund ? fundLabel(fund) : depositMethod(deposit.methodCode).name,
  };
}
