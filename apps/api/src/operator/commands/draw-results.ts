/**
 * `draw:results <offer> <drawNo> --numbers 1,2,.. [--supplementary ..] [--powerball n]
 * [--prizes 1=dollars,2=..] --operator <name>`: one operator's entry of a draw's results. The first
 * entry waits; a second operator's matching entry publishes them (and the engine's next step is
 * queued); a differing one publishes nothing and names the fields that differ.
 */
import { drawKick, knownOperator } from '../../modules/draws/index.ts';
import { type OperatorCommand, required } from '../command.ts';
import { cliDrawEngine, drawArgs, numberList, prizeList, withFieldErrors } from '../draw-commands.ts';

export const drawResults: OperatorCommand = {
  name: 'draw:results',
  usage:
    'draw:results <offer> <drawNo> --numbers 1,2,.. [--supplementary ..] [--powerball n] [--prizes 1=dollars,2=..] --operator <name>',
  summary: "enters a draw's results; published when a second operator's entry matches",
  options: {
    numbers: { type: 'string' },
    supplementary: { type: 'string' },
    powerball: { type: 'string' },
    prizes: { type: 'string' },
    operator: { type: 'string' },
  },
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const operator = await knownOperator(ctx.db, required(this, args.values.operator, '--operator'));
    const numbers = numberList(required(this, args.values.numbers, '--numbers')) ?? [];
    const supplementary = numberList(args.values.supplementary);
    const powerball = numberList(args.values.powerball);
    const prizes = prizeList(args.values.prizes);
    const engine = cliDrawEngine(ctx.db, ctx.now);
    const outcome = await withFieldErrors(ctx.out, () =>
      engine.results.enter(offer, drawNo, operator.name, {
        numbers,
        ...(supplementary ? { supplementary } : {}),
        ...(powerball ? { powerball } : {}),
        ...(prizes ? { prizes } : {}),
      }),
    );
    const { entry } = outcome;
    const name = `draw ${drawNo} of ${outcome.draw.offer.name}`;
    if (outcome.published) {
      await drawKick(ctx.db)(outcome.draw.draw.id);
      ctx.out(`entry ${entry.id} by ${operator.name} matches: the results of ${name} are published`);
      return 0;
    }
    if (entry.status === 'mismatched') {
      ctx.out(`entry ${entry.id} by ${operator.name} does not match: nothing is published`);
      ctx.out(`differs in: ${entry.differences.join(', ')}`);
      return 1;
    }
    ctx.out(`entry ${entry.id} by ${operator.name} recorded: ${name} waits for a second operator's entry`);
    return 0;
  },
};
