/**
 * The sandbox payout adapter: Australia's instant payments (NPP, by PayID or BSB and account number)
 * as a test mode. A payout is paid at once, except for the failure identities below, which the
 * receiving bank refuses (the README lists them); an international account is paid as a standard
 * transfer (business days). What it answered each withdrawal id is kept (`sandbox_payouts`): a
 * repeat answers the same and pays nothing again, as a payments API keyed by an idempotency key does.
 */
import { randomBytes } from 'node:crypto';
import { type Database, eq, sandboxPayouts } from '@drawhouse/db';
import type { PayoutAdapter, PayoutOutcome, PayoutRequest } from './payout.ts';

/** Payout destinations the sandbox's receiving bank refuses, and why. */
export const SANDBOX_PAYOUT_FAILURES = {
  /** A BSB and account number of a closed account (any BSB). */
  closedAccountNumber: '99999999',
  /** A PayID (email) nobody registered. */
  unregisteredPayidEmail: 'unregistered@payid.example',
  /** A PayID (mobile) nobody registered: 0499 999 999. */
  unregisteredPayidPhone: '+61499999999',
  /** A PayPal account that does not exist. */
  unknownPayPal: 'unknown@paypal.example',
} as const;

export const SANDBOX_PAYOUT_REASONS = {
  closed: 'the account is closed',
  unregistered: 'the PayID is not registered',
  noPayPal: 'there is no PayPal account with this email',
} as const;

function answer(request: PayoutRequest): PayoutOutcome {
  const { type, details } = request.destination;
  const reference = `NPP${randomBytes(8).toString('hex').toUpperCase()}`;
  if (type === 'national' && details.accountNumber === SANDBOX_PAYOUT_FAILURES.closedAccountNumber) {
    return { outcome: 'failed', reference, reason: SANDBOX_PAYOUT_REASONS.closed };
  }
  if (
    (type === 'payid_email' && details.payid === SANDBOX_PAYOUT_FAILURES.unregisteredPayidEmail) ||
    (type === 'payid_phone' && details.payid === SANDBOX_PAYOUT_FAILURES.unregisteredPayidPhone)
  ) {
    return { outcome: 'failed', reference, reason: SANDBOX_PAYOUT_REASONS.unregistered };
  }
  if (type === 'paypal') {
    return details.email === SANDBOX_PAYOUT_FAILURES.unknownPayPal
      ? { outcome: 'failed', reference: null, reason: SANDBOX_PAYOUT_REASONS.noPayPal }
      : { outcome: 'paid', reference: `PAYPAL${reference.slice(3)}`, speed: 'instant' };
  }
  if (type === 'international') {
    return { outcome: 'paid', reference: `SWIFT${reference.slice(3)}`, speed: 'standard' };
  }
  return { outcome: 'paid', reference, speed: 'instant' };
}

export function sandboxPayout(db: Database): PayoutAdapter {
  return {
    key: 'sandbox',
    automatic: true,
    async pay(request) {
      await db
        .insert(sandboxPayouts)
        .values({
          key: request.withdrawalId,
          kind: 'payout',
          amountCents: request.amountCents,
          outcome: answer(request),
        })
        .onConflictDoNothing();
      const [kept] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.key, request.withdrawalId));
      if (!kept) throw new Error(`sandbox payout ${request.withdrawalId} not kept`);
      return kept.outcome as PayoutOutcome;
    },
  };
}
