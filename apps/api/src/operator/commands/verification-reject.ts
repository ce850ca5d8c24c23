/** `verification:reject <id> --reason <text>`, as the signed-in operator: not verified; the customer is told why and what to do. */
import { cliActor } from '../../modules/operators/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';
import { reviewOf } from './verification-review.ts';
import { reviewing } from './verification-show.ts';

export const verificationReject: OperatorCommand = {
  name: 'verification:reject',
  usage: 'verification:reject <id> --reason <text> [--token <token>]',
  summary:
    'rejects documents sent for review as the signed-in operator; the customer is told the reason and what to do next',
  options: { reason: { type: 'string' }, ...TOKEN_OPTION },
  async run(ctx, args) {
    const id = required(this, args.positionals[0], 'the submission id');
    const reason = required(this, args.values.reason, '--reason');
    const operator = await actingOperator(ctx, args);
    const done = await reviewing(() => reviewOf(ctx).reject(id, reason, cliActor(operator)));
    ctx.out(`submission ${done.id} of ${done.customer.email} rejected by ${operator.name}: ${reason}`);
    return 0;
  },
};
