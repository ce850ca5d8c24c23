import type { AccountRow } from './ledger.repository.ts';

/** What a customer account holds, in cents: posted, and available (posted less what is held). */
export function accountBalance(
  account: Pick<AccountRow, 'creditsPosted' | 'debitsPosted' | 'debitsPending'>,
) {
  const posted = account.creditsPosted - account.debitsPosted;
  return { postedCents: posted, availableCents: posted - account.debitsPending };
}
