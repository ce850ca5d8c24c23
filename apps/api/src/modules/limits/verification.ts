import type { DbOrTx } from '@drawhouse/db';
import { limitsRepository } from './limits.repository.ts';

/** Whether the customer's identity is verified: until then deposits are capped and withdrawals refused. */
export async function isVerified(db: DbOrTx, customerId: string): Promise<boolean> {
  return (await limitsRepository(db).verifiedAt(customerId)) !== null;
}
