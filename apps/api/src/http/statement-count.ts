/**
 * With DB_COUNT_STATEMENTS=1 (benchmarks), every answer carries `X-Db-Statements`: the statements its
 * request sent to PostgreSQL, from the app-key check to the commit (the pool counts them per request),
 * and `Server-Timing: app;dur=<ms>`: how long the API took over it.
 */
import { statementTally } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';

export function registerStatementCount(app: FastifyInstance): void {
  const tallies = new WeakMap<object, { statements: number }>();
  app.addHook('onRequest', (request, _reply, done) => {
    const tally = { statements: 0 };
    tallies.set(request, tally);
    statementTally.run(tally, done);
  });
  app.addHook('onSend', async (request, reply) => {
    const tally = tallies.get(request);
    if (tally) reply.header('x-db-statements', String(tally.statements));
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });
}
