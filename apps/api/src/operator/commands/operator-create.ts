/** `operator:create <name>`: makes an operator and prints its API token, once. */
import { createOperator } from '../../modules/operators/index.ts';
import { type OperatorCommand, required } from '../command.ts';

export const operatorCreate: OperatorCommand = {
  name: 'operator:create',
  usage: 'operator:create <name>',
  summary: 'makes an operator (who enters results and releases held prizes) and prints its API token once',
  async run(ctx, args) {
    const name = required(this, args.positionals[0], 'the operator name');
    const { operator, token } = await createOperator(ctx.db, name);
    ctx.out(`operator ${operator.name} made (${operator.id})`);
    ctx.out(`token (shown once; send it as Authorization: Bearer <token> to /admin): ${token}`);
    return 0;
  },
};
