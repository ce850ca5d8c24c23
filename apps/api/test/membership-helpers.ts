/**
 * Daily Winners test rows: giveaways written directly (a giveaway's own numbers, far above any a
 * seed or another test gives), and the rewards service's calls as a signed-in customer.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { type DbOrTx, giveaways } from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { call, type TestCustomer } from './accounts-helpers.ts';

const HOUR = 3_600_000;

export type TestGiveaway = typeof giveaways.$inferSelect;

/** A giveaway open from an hour ago for a day, unless told otherwise. */
export async function insertTestGiveaway(
  db: DbOrTx,
  overrides: Partial<typeof giveaways.$inferInsert> = {},
): Promise<TestGiveaway> {
  const type = overrides.type ?? 'daily';
  const number = overrides.number ?? 100_000_000 + randomInt(800_000_000);
  const seed = randomBytes(32);
  const [row] = await db
    .insert(giveaways)
    .values({
      type,
      number,
      externalId: `test-${type}-${number}`,
      title: `Test ${type} giveaway ${number}`,
      details: { title: 'Prize details', transferToken: null, url: null },
      prizes: [{ title: 'Cash', amountCents: 10_000, kind: 'cash' }],
      opensAt: new Date(Date.now() - HOUR),
      closesAt: new Date(Date.now() + 24 * HOUR),
      seed,
      commitment: createHash('sha256').update(seed).digest('hex'),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('giveaway not written');
  return row;
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
