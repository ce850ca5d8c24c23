/**
 * `giveaway:draw <type> <number>`: advances a Daily Winners giveaway as far as it goes now, as the
 * minute's sweep would (closed once its close time has passed, drawn, its prizes credited), and
 * prints where it stands with its entries and winning entries.
 */
import { GIVEAWAY_TYPES, isGiveawayType } from '@drawhouse/domain';
import { giveawayEngineOf } from '../../modules/giveaways/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';

export const giveawayDraw: OperatorCommand = {
  name: 'giveaway:draw',
  usage: `giveaway:draw <${GIVEAWAY_TYPES.join('|')}> <number>`,
  summary: 'closes (once its close time has passed), draws and pays a giveaway now, as the sweep would',
  async run(ctx, args) {
    const type = required(this, args.positionals[0], 'the type');
    if (!isGiveawayType(type))
      throw new OperatorError(`the type is one of ${GIVEAWAY_TYPES.join(', ')}, got ${type}`);
    const raw = required(this, args.positionals[1], 'the number');
    const number = Number(raw);
    if (!Number.isSafeInteger(number) || number < 1)
      throw new OperatorError(`the number is a whole number, got ${raw}`);
    const engine = giveawayEngineOf({ db: ctx.db, now: ctx.now });
    const found = await engine.find(type, number);
    if (!found) throw new OperatorError(`there is no ${type} giveaway ${number}`);
    const moves = await engine.advance(found.id);
    const g = (await engine.find(type, number)) ?? found;
    const where =
      g.status === 'open'
        ? `open until ${g.closesAt.toISOString()}`
        : `${g.status}: ${g.entries ?? 0} entries, winning entries ${(g.winningEntries ?? []).join(', ') || 'none'}`;
    ctx.out(
      `${g.externalId} "${g.title}" ${moves === 0 ? 'did not move' : `moved ${moves} step${moves === 1 ? '' : 's'}`}; ${where}`,
    );
    return 0;
  },
};
