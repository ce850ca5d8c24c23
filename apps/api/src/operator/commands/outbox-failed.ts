/** `outbox:failed`: follow-ups that failed every attempt (dead letters), oldest first, with their last error. */
import { outboxRepository } from '../../modules/outbox/index.ts';
import type { OperatorCommand } from '../command.ts';

export const outboxFailed: OperatorCommand = {
  name: 'outbox:failed',
  usage: 'outbox:failed',
  summary:
    'lists outbox deliveries that failed every attempt (event id, type, subscriber, tries, last error)',
  async run(ctx) {
    const dead = await outboxRepository(ctx.db).dead(500);
    for (const d of dead) {
      ctx.out(
        [
          d.eventId,
          d.createdAt.toISOString(),
          d.type,
          d.aggregateId,
          d.subscriber,
          `${d.attempts} tries`,
          d.lastError ?? '',
        ]
          .join('\t')
          .trimEnd(),
      );
    }
    ctx.out(
      `${dead.length} failed deliver${dead.length === 1 ? 'y' : 'ies'}${dead.length > 0 ? ': outbox:retry <event-id> or --all tries again' : ''}`,
    );
    return 0;
  },
};
