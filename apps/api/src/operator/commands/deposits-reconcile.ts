/**
 * `deposits:reconcile <bp|dd> --reference <ref> --amount <12.50> --transaction <bank id>`: credits a
 * BPAY or bank transfer seen on the bank statement to the customer who quotes the reference. The
 * bank's transaction id makes it once only. With an operator token (`--token`, or
 * DRAWHOUSE_OPERATOR_TOKEN) the credit is written to the audit log as that operator.
 */
import { formatMoney, parseAmountInput } from '@drawhouse/domain';
import { loadConfig } from '../../config.ts';
import { COMMAND_LINE, cliActor } from '../../modules/operators/index.ts';
import { paymentsOf } from '../../modules/payments/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';
import { actingOperator, TOKEN_ENV, TOKEN_OPTION } from '../operator-identity.ts';

export const depositsReconcile: OperatorCommand = {
  name: 'deposits:reconcile',
  usage:
    'deposits:reconcile <bp|dd> --reference <reference> --amount <12.50> --transaction <bank transaction id> [--token <token>]',
  summary:
    "credits a BPAY or direct deposit from the bank statement to the customer's wallet, once per bank line",
  options: {
    reference: { type: 'string' },
    amount: { type: 'string' },
    transaction: { type: 'string' },
    ...TOKEN_OPTION,
  },
  async run(ctx, args) {
    const code = required(this, args.positionals[0], 'the method (bp or dd)');
    if (code !== 'bp' && code !== 'dd') throw new OperatorError(`the method must be bp or dd, not ${code}`);
    const reference = required(this, args.values.reference, '--reference');
    const amountText = required(this, args.values.amount, '--amount');
    const bankTransactionId = required(this, args.values.transaction, '--transaction');
    const amountCents = parseAmountInput(amountText);
    if (amountCents === null || amountCents <= 0) throw new OperatorError(`not an amount: ${amountText}`);
    const config = loadConfig();
    const payments = paymentsOf({
      db: ctx.db,
      config,
      now: ctx.now,
      webBaseUrl: config.webBaseUrl,
    });
    // Audited as the operator of a token (--token or DRAWHOUSE_OPERATOR_TOKEN), else as the command line.
    const given = typeof args.values.token === 'string' ? args.values.token : ctx.env[TOKEN_ENV];
    const actor = cliActor(given?.trim() ? await actingOperator(ctx, args) : COMMAND_LINE);
    const out = await payments.deposits.reconcileBankDeposit(
      { code, reference, amountCents, bankTransactionId },
      actor,
    );
    if (out.result === 'unknown_reference')
      throw new OperatorError(`no customer quotes the reference ${reference}`);
    if (out.result === 'already_reconciled') {
      ctx.out(`bank transaction ${bankTransactionId} was reconciled already: nothing changed`);
      return 0;
    }
    ctx.out(
      `${formatMoney(amountCents)} credited to customer ${out.deposit.customerId} (deposit ${out.deposit.id})`,
    );
    return 0;
  },
};
