/**
 * `draw:close <offer> <drawNo>`: closes an open draw now (its stop time brought forward), written to
 * the audit log in the same transaction: as the operator of a token (`--token` or
 * DRAWHOUSE_OPERATOR_TOKEN, of the results role), else as the command line.
 */
import { COMMAND_LINE, cliActor } from '../../modules/operators/index.ts';
import type { OperatorCommand } from '../command.ts';
import { cliDrawEngine, drawArgs, requireRole } from '../draw-commands.ts';
import { actingOperator, TOKEN_ENV, TOKEN_OPTION } from '../operator-identity.ts';

export const drawClose: OperatorCommand = {
  name: 'draw:close',
  usage: 'draw:close <offer> <drawNo> [--token <token>]',
  summary: 'closes an open draw now: no more sales, results can be entered (audited)',
  options: TOKEN_OPTION,
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const signedIn = typeof args.values.token === 'string' || Boolean(ctx.env[TOKEN_ENV]?.trim());
    const operator = signedIn ? await actingOperator(ctx, args) : undefined;
    if (operator) requireRole(operator, 'results', 'the draw is still open');
    const engine = cliDrawEngine(ctx.db, ctx.now);
    const found = await engine.closeEarly(offer, drawNo, cliActor(operator ?? COMMAND_LINE));
    ctx.out(
      `draw ${drawNo} of ${found.offer.name} is ${found.draw.status} (entries stopped at ${found.draw.stopAt.toISOString()})${operator ? `, closed by ${operator.name}` : ''}`,
    );
    return 0;
  },
};
