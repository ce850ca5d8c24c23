/** `outbox:retry <event-id> [--subscriber <name>] | --all`, as the signed-in operator: dead deliveries are tried again. */
import { cliActor, recordAudit } from '../../modules/operators/index.ts';
import { outboxRepository } from '../../modules/outbox/index.ts';
import { type OperatorCommand, OperatorError } from '../command.ts';
import { actingOperator, TOKEN_OPTION } from '../operator-identity.ts';

export const outboxRetry: OperatorCommand = {
  name: 'outbox:retry',
  usage: 'outbox:retry <event-id> [--subscriber <name>] | --all [--token <token>]',
  summary:
    'puts failed outbox deliveries back in line, as the signed-in operator (the relay delivers them at once)',
  options: { all: { type: 'boolean' }, subscriber: { type: 'string' }, ...TOKEN_OPTION },
  async run(ctx, args) {
    const all = args.values.all === true;
    const given = args.positionals[0];
    if (all === (given !== undefined))
      throw new OperatorError(`give one event id or --all\nusage: ${this.usage}`);
    const eventId = given === undefined ? undefined : Number(given);
    if (eventId !== undefined && !(Number.isSafeInteger(eventId) && eventId > 0)) {
      throw new OperatorError(`${given} is not an event id\nusage: ${this.usage}`);
    }
    const operator = await actingOperator(ctx, args);
    const subscriber = typeof args.values.subscriber === 'string' ? args.values.subscriber : undefined;
    const retried = await ctx.db.transaction(async (tx) => {
      const n = await outboxRepository(tx).retryDead(
        eventId === undefined ? undefined : { eventId, subscriber },
      );
      if (n > 0) {
        await recordAudit(tx, cliActor(operator), {
          action: 'outbox.retried',
          targetType: 'outbox_event',
          targetId: eventId === undefined ? 'all' : String(eventId),
          after: { subscriber: subscriber ?? null, deliveries: n },
        });
      }
      return n;
    });
    if (eventId !== undefined && retried === 0) {
      throw new OperatorError(
        `event ${eventId} has no failed delivery${subscriber ? ` to ${subscriber}` : ''}`,
      );
    }
    ctx.out(`${retried} failed deliver${retried === 1 ? 'y' : 'ies'} put back in line by ${operator.name}`);
    return 0;
  },
};
