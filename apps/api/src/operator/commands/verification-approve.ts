/** `verification:approve <id>`, as the signed-in operator: the customer is verified (cap and withdrawal block lifted) and told. */
import { cliActor } from '../../modules/operators/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';
import { reviewOf } from './verification-review.ts';
import { reviewing } from './verification-show.ts';

export const verificationApprove: OperatorCommand = {
  name: 'verification:approve',
  usage: 'verification:approve <id> [--token <token>]',
  summary:
    'approves documents sent for review as the signed-in operator: the customer is verified and told (refused for anyone under 18)',
  options: TOKEN_OPTION,
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the submission id');
    const operator = await actingOperator(ctx, args);
    const done = await reviewing(() => reviewOf(ctx).approve(id, cliActor(operator)));
    ctx.out(`submission ${done.id} approved by ${operator.name}: ${done.customer.email} is verified`);
    return 0;
  },
};
