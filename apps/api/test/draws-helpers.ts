/** Draws of a test's own, operators, tickets written straight to the database and admin calls. */
import { randomUUID } from 'node:crypto';
import {
  and,
  checkouts,
  createDraw,
  type Database,
  type DbOrTx,
  type DrawInsert,
  type DrawRow,
  draws,
  eq,
  inArray,
  orders,
  ticketPayouts,
  tickets,
} from '@drawhouse/db';
import type { FastifyInstance } from 'fastify';
import { cliActor, createOperator } from '../src/modules/operators/index.ts';
import { runOperator } from '../src/operator/run.ts';
import { insertCustomer } from './customer-rows.ts';

/** A Powerball draw of the test's own (an unused number), open for a minute, drawn a minute later. */
export async function ownDraw(db: DbOrTx, offerKey = 'powerball', overrides: Partial<DrawInsert> = {}) {
  const now = Date.now();
  return createDraw(db, offerKey, {
    drawNo: 900_000_000 + Math.floor(Math.random() * 99_000_000),
    stopAt: new Date(now + 60_000),
    drawAt: new Date(now + 120_000),
    prizePoolCents: 300_000_000,
    ...overrides,
  });
}

/**
 * Powerball draws of a test's own: the one on sale now and the next one (on pre-order), kept so
 * `takeOffSale` can close them after the test and the next test's draws are the ones on sale.
 */
export function ownDrawPairs(db: DbOrTx) {
  let made: DrawRow[] = [];
  return {
    async twoDraws(next: Partial<DrawInsert> = {}) {
      const at = Date.now();
      const current = await ownDraw(db, 'powerball', {
        stopAt: new Date(at + 60_000),
        drawAt: new Date(at + 120_000),
      });
      const following = await ownDraw(db, 'powerball', {
        stopAt: new Date(at + 90_000),
        drawAt: new Date(at + 180_000),
        purchaseStatus: 'pre_order',
        ...next,
      });
      made.push(current, following);
      return { current, next: following };
    },
    /** Another draw of the test's own, closed after the test with the pair. */
    keep(draw: DrawRow) {
      made.push(draw);
      return draw;
    },
    async takeOffSale() {
      const ids = made.map((d) => d.id);
      made = [];
      if (ids.length === 0) return;
      await db
        .update(draws)
        .set({ status: 'DRAW_CLOSED', closedAt: new Date() })
        .where(and(inArray(draws.id, ids), eq(draws.status, 'DRAW_OPEN')));
    },
  };
}

/** One more operator (a name unique to the test) and its token. */
export async function anotherOperator(db: Database, prefix = 'cat') {
  const made = await createOperator(db, `${prefix}-${randomUUID().slice(0, 8)}`);
  return { name: made.operator.name, token: made.token };
}

/** Two operators (names unique to the test) and their tokens. */
export async function twoOperators(db: Database) {
  const suffix = randomUUID().slice(0, 8);
  const a = await createOperator(db, `alice-${suffix}`);
  const b = await createOperator(db, `bob-${suffix}`);
  const made = (m: typeof a) => ({ name: m.operator.name, token: m.token, actor: cliActor(m.operator) });
  return { a: made(a), b: made(b) };
}

/** A ticket of `games` in a draw, with its order and checkout, for a customer (a new one by default). */
export async function insertTicket(
  db: DbOrTx,
  draw: { id: string; productOfferKey: string },
  games: { numbers: number[]; powerball?: number[] }[],
  options: { customerId?: string; gameType?: string; numShares?: number } = {},
) {
  const customerId = options.customerId ?? (await insertCustomer(db));
  const checkoutId = randomUUID();
  await db.insert(checkouts).values({
    id: checkoutId,
    customerId,
    cartId: randomUUID(),
    cartTotalCents: 100,
    paidCents: 100,
  });
  const [order] = await db
    .insert(orders)
    .values({
      checkoutId,
      customerId,
      productType: options.numShares ? 'syndicate_share' : 'lottery_ticket',
      productOfferKey: draw.productOfferKey,
      description: 'Test entry',
      unitPriceCents: 100,
      totalCents: 100,
      payload: {
        description: 'Test entry',
        purchaseStatus: 'open',
        drawDate: new Date().toISOString(),
        gameType: options.gameType ?? 'standard',
        gameOffer: `${draw.productOfferKey}-standard`,
        games,
        quickpick: false,
        numGames: games.length,
        day: null,
        causeKey: null,
      },
    })
    .returning({ id: orders.id });
  const [ticket] = await db
    .insert(tickets)
    .values({
      orderId: order?.id as string,
      customerId,
      drawId: draw.id,
      productOfferKey: draw.productOfferKey,
      games,
      numShares: options.numShares ?? null,
    })
    .returning();
  if (!ticket) throw new Error('ticket was not written');
  return { ticket, customerId };
}

export function adminCall(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
}

/** An operator command's exit code and lines. */
export async function operatorRun(db: Database, argv: string[]) {
  const lines: string[] = [];
  const code = await runOperator(argv, { db, out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return { code, text: lines.join('\n') };
}

export async function payoutOf(db: DbOrTx, ticketId: string) {
  const [row] = await db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, ticketId));
  return row;
}

/** `draw:results` for a Powerball draw: numbers and Powerball as an operator types them, with their token. */
export function enterPowerball(
  db: Database,
  drawNo: number,
  entry: { numbers: string; powerball: string; token: string; prizes?: string },
) {
  return operatorRun(db, [
    'draw:results',
    'powerball',
    String(drawNo),
    '--numbers',
    entry.numbers,
    '--powerball',
    entry.powerball,
    ...(entry.prizes ? ['--prizes', entry.prizes] : []),
    '--token',
    entry.token,
  ]);
}

/** `draw:prizes` of a Powerball draw: the awaited divisions' prizes as an operator types them, with their token. */
export function enterPowerballPrizes(db: Database, drawNo: number, prizes: string, token: string) {
  return operatorRun(db, ['draw:prizes', 'powerball', String(drawNo), '--prizes', prizes, '--token', token]);
}
