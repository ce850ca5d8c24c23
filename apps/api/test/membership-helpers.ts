/**
 * Daily Winners test rows: giveaways made as the back office makes them (`insertGiveaway`, numbered
 * next of their type), then moved to the state a test needs; and the rewards service's calls as a
 * signed-in customer.
 */
import { type DbOrTx, eq, giveaways, insertGiveaway } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { call, type TestCustomer } from './accounts-helpers.ts';

const HOUR = 3_600_000;

export type TestGiveaway = typeof giveaways.$inferSelect;
type Made = Pick<TestGiveaway, 'type' | 'opensAt' | 'closesAt' | 'prizes'>;
type Moved = Partial<Pick<TestGiveaway, 'status' | 'entries' | 'winningEntries' | 'drawnAt' | 'closedAt'>>;

/** A giveaway open from an hour ago for a day, unless told otherwise. */
export async function insertTestGiveaway(
  db: DbOrTx,
  overrides: Partial<Made> & Moved = {},
): Promise<TestGiveaway> {
  const { status, entries, winningEntries, drawnAt, closedAt, ...made } = overrides;
  const type = made.type ?? 'daily';
  const row = await insertGiveaway(db, {
    type,
    title: `Test ${type} giveaway`,
    description: '',
    pill: null,
    permits: null,
    images: [],
    prizes: made.prizes ?? [{ title: 'Cash', amountCents: 10_000, kind: 'cash' }],
    opensAt: made.opensAt ?? new Date(Date.now() - HOUR),
    closesAt: made.closesAt ?? new Date(Date.now() + 24 * HOUR),
    createdBy: null,
  });
  const moved: Moved = { status, entries, winningEntries, drawnAt, closedAt };
  if (Object.values(moved).every((v) => v === undefined)) return row;
  const [after] = await db.update(giveaways).set(moved).where(eq(giveaways.id, row.id)).returning();
  if (!after) throw new Error('giveaway not moved');
  return after;
}

/** The rewards service's calls as one customer (the membership PUT at its version, 3.2). */
export function rewardsCalls(app: FastifyInstance, customer: TestCustomer | null) {
  const token = customer?.access_token;
  type Options = NonNullable<Parameters<typeof call>[2]>;
  const opts = (extra: Options): Options => ({ ...(token ? { token } : {}), ...extra });
  return {
    get: (url: string) => call(app, `/rewards${url}`, opts({ method: 'GET' })),
    post: (url: string) => call(app, `/rewards${url}`, opts({ method: 'POST', body: {} })),
    put: (url: string, body: unknown) => call(app, `/rewards${url}`, opts({ method: 'PUT', body })),
    join: (via?: 'free' | 'deposit') =>
      call(
        app,
        '/rewards/membership',
        opts({
          method: 'PUT',
          headers: { 'x-api-version': '3.2' },
          body: {
            membership_program: 'daily_winners',
            membership_status: 'member',
            ...(via ? { metadata: { join: via } } : {}),
          },
        }),
      ),
    leave: () =>
      call(
        app,
        '/rewards/membership',
        opts({
          method: 'PUT',
          headers: { 'x-api-version': '3.2' },
          body: { membership_program: 'daily_winners', membership_status: 'non-member' },
        }),
      ),
  };
}
