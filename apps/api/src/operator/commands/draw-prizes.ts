/**
 * `draw:prizes <offer> <drawNo> --prizes 4=dollars,6=..`, as the signed-in operator: one operator's
 * blind entry of the prizes of a scored draw's divisions that won without a known prize (their
 * winners wait, `prize_pending`). Two matching entries by different operators price them and the
 * waiting winners are paid once; a mismatch voids both.
 */
import { drawKick } from '../../modules/draws/index.ts';
import { cliActor } from '../../modules/operators/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import {
  cliDrawEngine,
  drawArgs,
  entryOutcomeLines,
  prizeList,
  requireRole,
  withFieldErrors,
} from '../draw-commands.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const drawPrizes: OperatorCommand = {
  name: 'draw:prizes',
  usage: 'draw:prizes <offer> <drawNo> --prizes 4=dollars,6=.. [--token <token>]',
  summary:
    'enters the prizes of divisions that won without one, as the signed-in operator; a second matching entry pays their winners',
  options: { prizes: { type: 'string' }, ...TOKEN_OPTION },
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const prizes = prizeList(required(this, args.values.prizes, '--prizes')) ?? {};
    const operator = await actingOperator(ctx, args);
    requireRole(operator, 'results', 'nothing was entered');
    const engine = cliDrawEngine(ctx.db, ctx.now);
    const outcome = await withFieldErrors(ctx.out, () =>
      engine.enterPrizes(offer, drawNo, cliActor(operator), prizes),
    );
    for (const id of outcome.toStep) await drawKick(ctx.db)(id);
    return entryOutcomeLines(ctx.out, outcome, 'prizes');
  },
};
