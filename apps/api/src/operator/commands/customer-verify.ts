/**
 * `customer:verify <email>`, as the signed-in operator: verifies a customer's identity (deposits
 * uncapped, withdrawals open) as a check that verifies does: an attempt of method `operator` naming
 * the operator, and the customer told once (feed entry and mail) through the outbox.
 */
import { cliActor } from '../../modules/operators/index.ts';
import { verifyByOperator } from '../../modules/verification/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const customerVerify: OperatorCommand = {
  name: 'customer:verify',
  usage: 'customer:verify <email> [--token <token>]',
  summary:
    "verifies a customer's identity as the signed-in operator: deposits are no longer capped, withdrawals open and the customer is told",
  options: TOKEN_OPTION,
  async run(ctx, args) {
    const email = required(this, args.positionals[0], 'the email');
    const operator = await actingOperator(ctx, args);
    const done = await verifyByOperator(ctx.db, email, cliActor(operator), ctx.now());
    if (!done) throw new OperatorError(`no customer with the email ${email}`);
    ctx.out(
      done.outcome === 'already'
        ? `${done.email} was verified already (${done.verifiedAt.toISOString()})`
        : `${done.email} is verified by ${operator.name}`,
    );
    return 0;
  },
};
