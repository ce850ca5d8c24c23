/**
 * `ledger:check`: reconciles the ledger with the business rows (the ledger module's `checkLedger`:
 * totals, balances, holds, checkouts, withdrawals, idempotency keys). Exit code 1 on any failure.
 */
import { checkLedger } from '../../modules/ledger/index.ts';
import type { OperatorCommand } from '../command.ts';

export const ledgerCheck: OperatorCommand = {
  name: 'ledger:check',
  usage: 'ledger:check',
  summary:
    'reconciles the ledger (totals, balances, holds, checkouts, withdrawals, idempotency keys); exit code 1 on any failure',
  async run(ctx) {
    const report = await checkLedger(ctx.db, ctx.now());
    for (const check of report.checks) {
      if (check.passed) {
        ctx.out(`ok    ${check.rule}`);
        continue;
      }
      ctx.out(`FAIL  ${check.rule}: ${check.failures}`);
      for (const row of check.examples) ctx.out(`      ${JSON.stringify(row)}`);
    }
    const { counts } = report;
    ctx.out(
      `checked ${counts.transfers} transfers, ${counts.accounts} customer accounts, ${counts.checkouts} checkouts, ${counts.keys} idempotency keys`,
    );
    const failed = report.checks.filter((c) => !c.passed).length;
    ctx.out(
      failed === 0 ? 'ledger: all checks passed' : `ledger: ${failed} check${failed === 1 ? '' : 's'} failed`,
    );
    return failed === 0 ? 0 : 1;
  },
};
