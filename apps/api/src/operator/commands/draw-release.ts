/** `draw:release <offer> <drawNo>`, as the signed-in operator: pays the prizes of a draw held for approval. */
import { formatMoney } from '@drawhouse/domain';
import type { OperatorCommand } from '../command.ts';
import { cliDrawEngine, drawArgs } from '../draw-commands.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const drawRelease: OperatorCommand = {
  name: 'draw:release',
  usage: 'draw:release <offer> <drawNo> [--token <token>]',
  summary:
    'approves and pays, as the signed-in operator, the prizes of a draw held over the approval threshold',
  options: TOKEN_OPTION,
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const operator = await actingOperator(ctx, args);
    const released = await cliDrawEngine(ctx.db, ctx.now).payouts.release(offer, drawNo, operator.name);
    for (const r of released.released) ctx.out(`ticket ${r.ticketId}: ${formatMoney(r.prizeCents)} released`);
    for (const r of released.sessions) {
      ctx.out(`lotto party session ${r.sessionId}: ${formatMoney(r.prizeCents)} released`);
    }
    ctx.out(`${released.totalText} approved by ${operator.name}; draw ${drawNo} is ${released.status}`);
    return 0;
  },
};
