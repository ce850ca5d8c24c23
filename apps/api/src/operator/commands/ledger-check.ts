/**
 * `ledger:check`: reconciles the ledger with the business rows. Fails (exit code 1) when a customer
 * account's totals differ from the sums of its transfers, a customer's spend by day (what limits
 * read) differs from their purchases less refunds, a customer account is below zero, a hold
 * was settled twice or by a transfer that does not match it, a checkout bought nothing or an order
 * with draws (not a membership) holds fewer tickets than the draws it paid for, a withdrawal's status disagrees with its hold, or an idempotency key holds
 * no answer. Every transfer is balanced by construction (one amount, one debit, one credit).
 */
import type { OperatorCommand } from '../command.ts';
import { operatorRepository } from '../operator.repository.ts';

export const ledgerCheck: OperatorCommand = {
  name: 'ledger:check',
  usage: 'ledger:check',
  summary:
    'reconciles the ledger (totals, balances, holds, checkouts, withdrawals, idempotency keys); exit code 1 on any failure',
  async run(ctx) {
    const repo = operatorRepository(ctx.db);
    const checks: [string, () => Promise<Record<string, unknown>[]>][] = [
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
    let failed = 0;
    for (const [rule, find] of checks) {
      const bad = await find();
      if (bad.length === 0) {
        ctx.out(`ok    ${rule}`);
        continue;
      }
      failed += 1;
      ctx.out(`FAIL  ${rule}: ${bad.length}`);
      for (const row of bad.slice(0, 20)) ctx.out(`      ${JSON.stringify(row)}`);
    }
    const counts = await repo.counts();
    ctx.out(
      `checked ${counts.transfers} transfers, ${counts.accounts} customer accounts, ${counts.checkouts} checkouts, ${counts.keys} idempotency keys`,
    );
    ctx.out(
      failed === 0 ? 'ledger: all checks passed' : `ledger: ${failed} check${failed === 1 ? '' : 's'} failed`,
    );
    return failed === 0 ? 0 : 1;
  },
};
