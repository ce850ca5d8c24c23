/**
 * `draw:release <offer> <drawNo>`, as the signed-in finance operator: pays the prizes of a draw held
 * for approval; over PRIZE_SECOND_APPROVAL_CENTS together, the first approval is recorded and a
 * second, different operator's release pays them.
 */
import { formatMoney } from '@drawhouse/domain';
import { cliActor } from '../../modules/operators/index.ts';
import type { OperatorCommand } from '../command.ts';
import { cliDrawEngine, drawArgs, requireRole } from '../draw-commands.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const drawRelease: OperatorCommand = {
  name: 'draw:release',
  usage: 'draw:release <offer> <drawNo> [--token <token>]',
  summary:
    'approves and pays, as the signed-in finance operator, the prizes of a draw held over the approval threshold (a second operator over the second-approval limit)',
  options: TOKEN_OPTION,
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const operator = await actingOperator(ctx, args);
    requireRole(operator, 'finance', 'nothing was released');
    const released = await cliDrawEngine(ctx.db, ctx.now).payouts.release(offer, drawNo, cliActor(operator));
    if (released.outcome === 'first_approval') {
      ctx.out(
        `${released.totalText} held in draw ${drawNo} approved by ${operator.name}: a second, different finance operator's release pays it`,
      );
      return 0;
    }
    for (const r of released.released) ctx.out(`ticket ${r.ticketId}: ${formatMoney(r.prizeCents)} released`);
    for (const r of released.sessions) {
      ctx.out(`lotto party session ${r.sessionId}: ${formatMoney(r.prizeCents)} released`);
    }
    ctx.out(`${released.totalText} approved by ${operator.name}; draw ${drawNo} is ${released.status}`);
    return 0;
  },
};
