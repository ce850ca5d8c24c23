/** `draw:close <offer> <drawNo>`: closes an open draw now (its stop time brought forward). */

import type { OperatorCommand } from '../command.ts';
import { cliDrawEngine, drawArgs } from '../draw-commands.ts';

export const drawClose: OperatorCommand = {
  name: 'draw:close',
  usage: 'draw:close <offer> <drawNo>',
  summary: 'closes an open draw now: no more sales, results can be entered',
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const found = await cliDrawEngine(ctx.db, ctx.now).closeEarly(offer, drawNo);
    ctx.out(
      `draw ${drawNo} of ${found.offer.name} is ${found.draw.status} (entries stopped at ${found.draw.stopAt.toISOString()})`,
    );
    return 0;
  },
};
