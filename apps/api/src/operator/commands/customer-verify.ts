/** `customer:verify <email>`: marks a customer's identity verified (deposits uncapped, withdrawals open). */
import { type OperatorCommand, OperatorError, required } from '../command.ts';
import { operatorRepository } from '../operator.repository.ts';

export const customerVerify: OperatorCommand = {
  name: 'customer:verify',
  usage: 'customer:verify <email>',
  summary: "marks a customer's identity verified: deposits are no longer capped and withdrawals open",
  async run(ctx, args) {
    const email = required(this, args.positionals[0], 'the email');
    const customer = await operatorRepository(ctx.db).verifyCustomer(email, ctx.now());
    if (!customer) throw new OperatorError(`no customer with the email ${email}`);
    ctx.out(
      customer.already
        ? `${customer.email} was verified already (${customer.verifiedAt?.toISOString()})`
        : `${customer.email} is verified`,
    );
    return 0;
  },
};
