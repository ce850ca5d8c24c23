/** `draw:release <offer> <drawNo> --operator <name>`: pays the prizes of a draw held for approval. */
import { formatMoney } from '@drawhouse/domain';
import { knownOperator } from '../../modules/draws/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { cliDrawEngine, drawArgs } from '../draw-commands.ts';

export const drawRelease: OperatorCommand = {
  name: 'draw:release',
  usage: 'draw:release <offer> <drawNo> --operator <name>',
  summary: 'approves and pays the prizes of a draw held over the approval threshold',
  options: { operator: { type: 'string' } },
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const operator = await knownOperator(ctx.db, required(this, args.values.operator, '--operator'));
    const released = await cliDrawEngine(ctx.db, ctx.now).payouts.release(offer, drawNo, operator.name);
    for (const r of released.released) ctx.out(`ticket ${r.ticketId}: ${formatMoney(r.prizeCents)} released`);
    for (const r of released.sessions) {
      ctx.out(`lotto party session ${r.sessionId}: ${formatMoney(r.prizeCents)} released`);
    }
    ctx.out(`${released.totalText} approved by ${operator.name}; draw ${drawNo} is ${released.status}`);
    return 0;
  },
};
