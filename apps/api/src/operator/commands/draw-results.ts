/**
 * `draw:results <offer> <drawNo> --numbers 1,2,.. [--supplementary ..] [--powerball n]
 * [--prizes 1=dollars,2=..]`, as the operator whose token is in DRAWHOUSE_OPERATOR_TOKEN (or
 * `--token`): one operator's blind entry of a draw's results. The first entry waits; a second
 * operator's matching entry publishes them (and the engine's next step is queued); one that does not
 * match voids both, without saying what differed. Divisions given no prize wait for `draw:prizes`.
 */
import { drawKick } from '../../modules/draws/index.ts';
import { cliActor } from '../../modules/operators/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import {
  cliDrawEngine,
  drawArgs,
  entryOutcomeLines,
  numberList,
  prizeList,
  requireRole,
  withFieldErrors,
} from '../draw-commands.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const drawResults: OperatorCommand = {
  name: 'draw:results',
  usage:
    'draw:results <offer> <drawNo> --numbers 1,2,.. [--supplementary ..] [--powerball n] [--prizes 1=dollars,2=..] [--token <token>]',
  summary:
    "enters a draw's results as the signed-in operator; published when a second operator's entry matches, both void when it does not",
  options: {
    numbers: { type: 'string' },
    supplementary: { type: 'string' },
    powerball: { type: 'string' },
    prizes: { type: 'string' },
    ...TOKEN_OPTION,
  },
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const numbers = numberList(required(this, args.values.numbers, '--numbers')) ?? [];
    const supplementary = numberList(args.values.supplementary);
    const powerball = numberList(args.values.powerball);
    const prizes = prizeList(args.values.prizes);
    const operator = await actingOperator(ctx, args);
    requireRole(operator, 'results', 'nothing was entered');
    const engine = cliDrawEngine(ctx.db, ctx.now);
    const outcome = await withFieldErrors(ctx.out, () =>
      engine.results.enter(offer, drawNo, cliActor(operator), {
        numbers,
        ...(supplementary ? { supplementary } : {}),
        ...(powerball ? { powerball } : {}),
        ...(prizes ? { prizes } : {}),
      }),
    );
    if (outcome.published) await drawKick(ctx.db)(outcome.draw.draw.id);
    return entryOutcomeLines(ctx.out, outcome, 'results');
  },
};
