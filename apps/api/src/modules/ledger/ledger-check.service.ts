/**
 * The ledger check: reconciles the ledger with the business rows. It fails when a customer account's
 * totals differ from the sums of its transfers, a customer's spend by day (what limits read) differs
 * from their purchases less refunds, a customer account is below zero, a hold was settled twice or by
 * a transfer that does not match it, a checkout bought nothing or an order with draws (not a
 * membership) holds fewer tickets than the draws it paid for, a withdrawal's status disagrees with
 * its hold, or an idempotency key holds no answer. Every transfer is balanced by construction (one
 * amount, one debit, one credit). Read only: `ledger:check` prints it, GET /admin/ledger/check shows it.
 */
import type { LedgerCheckReport } from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { ledgerCheckRepository } from './ledger-check.repository.ts';

/** The rows of a failed rule shown with the report. */
const EXAMPLES = 20;

export async function checkLedger(db: Database, now: Date = new Date()): Promise<LedgerCheckReport> {
  const repo = ledgerCheckRepository(db);
  const rules: [string, () => Promise<Record<string, unknown>[]>][] = [
    ['customer account totals equal the sums of their transfers', repo.totalsMismatches],
    ['spend by day (what limits read) equals purchases less refunds', repo.spendDayMismatches],
    ['no customer account below zero', repo.negativeAccounts],
    ['every hold settled at most once, by a matching transfer', repo.badSettlements],
    ['every checkout bought something', repo.checkoutsWithoutOrders],
    ['every order has its tickets (one per draw paid for)', repo.ordersWithoutTickets],
    ['every withdrawal agrees with its hold', repo.withdrawalsOutOfStep],
    // A key is stored in the transaction of its work and answer: one without an answer is a bug.
    ['every idempotency key holds its answer', repo.unansweredKeys],
  ];
  const checks: LedgerCheckReport['checks'] = [];
  for (const [rule, find] of rules) {
    const bad = await find();
    checks.push({ rule, passed: bad.length === 0, failures: bad.length, examples: bad.slice(0, EXAMPLES) });
  }
  const counts = await repo.counts();
  const count = (key: string) => Number(counts[key] ?? 0);
  return {
    passed: checks.every((c) => c.passed),
    checkedAt: now.toISOString(),
    checks,
    counts: {
      transfers: count('transfers'),
      accounts: count('accounts'),
      checkouts: count('checkouts'),
      keys: count('keys'),
    },
  };
}
