/**
 * `giveaway:create <type> --title <title> --close <iso> [--open <iso>] --prizes cash:50,credit:10`:
 * makes a Daily Winners giveaway (its secret seed and commitment made with it), as the back office's
 * form does: checked field by field, written with its audit row in one transaction; as the operator
 * of a token (`--token` or DRAWHOUSE_OPERATOR_TOKEN, of the content role), else as the command line.
 */
import { GIVEAWAY_TYPES, isGiveawayType } from '@drawhouse/domain';
import { createGiveawaysAdmin } from '../../modules/giveaways/index.ts';
import { COMMAND_LINE, cliActor } from '../../modules/operators/index.ts';
import { type OperatorCommand, OperatorError, required } from '../command.ts';
import { requireRole, withFieldErrors } from '../draw-commands.ts';
import { actingOperator, TOKEN_ENV, TOKEN_OPTION } from '../operator-identity.ts';

const PRIZE = /^(cash|credit):(\d+(?:\.\d{1,2})?)(?::(.+))?$/;

/** "cash:50,credit:10:Ten dollars to play" -> prizes, each titled "$50 cash" unless it says. */
function prizeList(command: OperatorCommand, value: string) {
  return value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((part) => {
      const m = PRIZE.exec(part);
      if (!m)
        throw new OperatorError(
          `--prizes takes kind:dollars[:title] items, e.g. cash:50,credit:10; got "${part}"\nusage: ${command.usage}`,
        );
      const kind = m[1] as 'cash' | 'credit';
      const amount = Number(m[2]);
      return { title: m[3]?.trim() || `$${m[2]} ${kind}`, amount: { amount, currency: 'AUD' }, kind };
    });
}

export const giveawayCreate: OperatorCommand = {
  name: 'giveaway:create',
  usage: `giveaway:create <${GIVEAWAY_TYPES.join('|')}> --title <title> --close <iso time> [--open <iso time>] --prizes cash:50,credit:10 [--token <token>]`,
  summary:
    'makes a Daily Winners giveaway with its committed seed (audited); it closes, draws and pays itself',
  options: {
    ...TOKEN_OPTION,
    title: { type: 'string' },
    open: { type: 'string' },
    close: { type: 'string' },
    prizes: { type: 'string' },
  },
  async run(ctx, args) {
    const type = required(this, args.positionals[0], 'the type');
    if (!isGiveawayType(type))
      throw new OperatorError(`the type is one of ${GIVEAWAY_TYPES.join(', ')}, got ${type}`);
    const title = required(this, args.values.title, '--title');
    const close = required(this, args.values.close, '--close');
    const prizes = prizeList(this, required(this, args.values.prizes, '--prizes'));
    const open = typeof args.values.open === 'string' ? args.values.open : ctx.now().toISOString();
    const signedIn = typeof args.values.token === 'string' || Boolean(ctx.env[TOKEN_ENV]?.trim());
    const operator = signedIn ? await actingOperator(ctx, args) : undefined;
    if (operator) requireRole(operator, 'content', 'no giveaway was made');
    const admin = createGiveawaysAdmin({ db: ctx.db, now: ctx.now });
    const made = await withFieldErrors(ctx.out, () =>
      admin.create(cliActor(operator ?? COMMAND_LINE), {
        type,
        title,
        description: '',
        pill: null,
        permits: null,
        open,
        close,
        prizes,
        images: [],
      }),
    );
    const g = made.giveaway;
    ctx.out(
      `${g.externalId} "${g.title}" made: open ${g.open}, closes ${g.close}, commitment ${g.commitment}`,
    );
    return 0;
  },
};
