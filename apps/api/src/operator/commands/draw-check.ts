/**
 * `draw:check <offer> <drawNo>`: proves a draw's figures (games sold = games scored, prizes credited
 * = the winners' amounts, the ledger balanced); exit code 1 when any check fails.
 */
import { checkDraw } from '../../modules/draws/index.ts';
import { lottoPartyCheckLines } from '../../modules/lotto-party/index.ts';
import type { OperatorCommand } from '../command.ts';
import { drawArgs } from '../draw-commands.ts';

export const drawCheck: OperatorCommand = {
  name: 'draw:check',
  usage: 'draw:check <offer> <drawNo>',
  summary:
    'reconciles a draw: games scored, prizes against winners, credits against the ledger; exit code 1 on any failure',
  async run(ctx, args) {
    const { offer, drawNo } = drawArgs(this, args);
    const { draw, lines } = await checkDraw(ctx.db, offer, drawNo, lottoPartyCheckLines);
    let failed = 0;
    for (const line of lines) {
      ctx.out(`${line.ok ? 'ok  ' : 'FAIL'}  ${line.rule}: ${line.detail}`);
      if (!line.ok) {
        failed += 1;
        for (const row of (line.rows ?? []).slice(0, 20)) ctx.out(`      ${JSON.stringify(row)}`);
      }
    }
    const name = `draw ${drawNo} of ${draw.offer.name} (${draw.draw.status})`;
    ctx.out(
      failed === 0
        ? `${name}: all checks passed`
        : `${name}: ${failed} check${failed === 1 ? '' : 's'} failed`,
    );
    return failed === 0 ? 0 : 1;
  },
};
