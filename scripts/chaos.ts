// npm run test:chaos: purchases run in a loop while the API is killed with SIGKILL several times and
// started again; every request whose answer was lost is retried with its Idempotency-Key. Afterwards
// `ledger:check` must pass, every customer must hold exactly the checkouts it was answered with, and
// every wallet must equal what was put in less what those checkouts paid. The outbox too: every
// checkout wrote one `checkout.completed`, every delivery ends done (a kill between a commit and its
// mail loses nothing), and each receipt mail reached the SMTP server (at most a kill's in-flight
// sends twice). Exit code 1 on any failure.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  and,
  checkouts,
  createDb,
  eq,
  idempotencyKeys,
  inArray,
  outboxDeliveries,
  outboxEvents,
  sql,
} from '@drawhouse/db';
import { accountBalance, ledgerQueries } from '../apps/api/src/modules/ledger/index.ts';
import { startMailCatcher } from '../apps/api/src/modules/notifications/index.ts';
import { OUTSIDE_AT_ONCE } from '../apps/api/src/modules/outbox/index.ts';
import {
  type Answer,
  addGame,
  type Customer,
  fundWallets,
  purchase,
  root,
  signUp,
  startShop,
} from '../bench/lib/shop.ts';

const RUN_MS = Number(process.env.CHAOS_SECONDS ?? 30) * 1000;
const KILLS = Number(process.env.CHAOS_KILLS ?? 5);
const CUSTOMERS = 6;
const FUNDS_CENTS = 10_000_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let apiDown = false;

/** Sends until the API answers something other than "down" (a lost connection, 5xx or in flight). */
async function untilAnswered(send: () => Promise<Answer>): Promise<Answer> {
  for (;;) {
    try {
      const res = await send();
      const retry = res.status >= 500 || res.body.error?.code === 'idempotency_in_flight';
      if (!retry) return res;
    } catch {
      // the API is down or was killed mid-request
    }
    await sleep(apiDown ? 200 : 50);
  }
}

// The API's mail goes to a catcher here, which outlives the API's crashes. A short lease: a mail
// whose worker was killed mid-send is taken again within seconds.
const catcher = await startMailCatcher(0, 100_000);
const shop = await startShop({
  apiEnv: { SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, OUTBOX_LEASE_MS: '3000' },
});
const failures: string[] = [];
try {
  await shop.startApi();
  const customers: Customer[] = await Promise.all(
    Array.from({ length: CUSTOMERS }, () => signUp(shop.apiUrl)),
  );
  await fundWallets(
    shop.databaseUrl,
    customers.map((c) => c.id),
    FUNDS_CENTS,
  );
  const answered = new Map<string, string[]>(customers.map((c) => [c.id, []]));
  const deadline = Date.now() + RUN_MS;

  const buyer = async (customer: Customer) => {
    while (Date.now() < deadline) {
      let due: { amount: number; currency: string } | undefined;
      while (!due) {
        try {
          due = await addGame(shop.apiUrl, customer);
        } catch {
          await sleep(100);
        }
      }
      const key = randomUUID();
      let res = await untilAnswered(() => purchase(shop.apiUrl, customer, due, key));
      if (res.body.error?.code === 'cart_changed') {
        // An add whose answer was lost went through: buy the cart as it is now, with a new key.
        const now = await untilAnswered(() =>
          addGame(shop.apiUrl, customer).then((amount) => ({ status: 200, body: { result: amount } })),
        );
        const amount = now.body.result as { amount: number; currency: string };
        const retryKey = randomUUID();
        res = await untilAnswered(() => purchase(shop.apiUrl, customer, amount, retryKey));
      }
      const result = res.body.result as { checkout_id?: string } | undefined;
      if (result?.checkout_id) answered.get(customer.id)?.push(result.checkout_id);
      else failures.push(`purchase answered ${res.status} ${res.body.error?.code ?? ''}`);
    }
  };

  const killer = async () => {
    for (let i = 0; i < KILLS; i++) {
      await sleep(RUN_MS / (KILLS + 1));
      apiDown = true;
      await shop.killApi('SIGKILL');
      await shop.startApi();
      apiDown = false;
    }
  };

  await Promise.all([killer(), ...customers.map(buyer)]);
  const bought = [...answered.values()].reduce((n, ids) => n + ids.length, 0);
  console.log(`${bought} purchases answered across ${KILLS} crashes of the API`);
  if (bought < KILLS) failures.push(`only ${bought} purchases answered: too few to tell anything`);

  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/operator/main.ts', 'ledger:check'],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: shop.databaseUrl },
      encoding: 'utf8',
    },
  );
  process.stdout.write(check.stdout);
  if (check.status !== 0) failures.push(`ledger:check exited ${check.status}: ${check.stderr}`);

  const { db, close } = createDb(shop.databaseUrl, { max: 2 });
  try {
    for (const customer of customers) {
      const rows = await db
        .select({ id: checkouts.id, paid: checkouts.paidCents })
        .from(checkouts)
        .where(eq(checkouts.customerId, customer.id));
      const stored = new Set(rows.map((r) => r.id));
      const told = answered.get(customer.id) ?? [];
      if (stored.size !== told.length || told.some((id) => !stored.has(id))) {
        failures.push(`customer ${customer.id}: ${stored.size} checkouts stored, ${told.length} answered`);
      }
      const { wallet, promo } = await ledgerQueries(db).customerAccounts(customer.id);
      const spent = rows.reduce((n, r) => n + r.paid, 0);
      const left = accountBalance(wallet).postedCents + accountBalance(promo).postedCents;
      if (left !== FUNDS_CENTS - spent) {
        failures.push(`customer ${customer.id}: wallet ${left}, expected ${FUNDS_CENTS - spent}`);
      }
    }
    const [keys] = await db
      .select({
        unanswered: sql<number>`count(*) filter (where ${idempotencyKeys.responseBody} is null)::int`,
      })
      .from(idempotencyKeys);
    if ((keys?.unanswered ?? 0) > 0) failures.push(`${keys?.unanswered} idempotency keys without an answer`);

    const checkoutIds = [...answered.values()].flat();
    const events = await db
      .select({ id: outboxEvents.id, checkoutId: outboxEvents.aggregateId })
      .from(outboxEvents)
      .where(
        and(eq(outboxEvents.type, 'checkout.completed'), inArray(outboxEvents.aggregateId, checkoutIds)),
      );
    const eventsPer = new Map<string, number>();
    for (const e of events) eventsPer.set(e.checkoutId, (eventsPer.get(e.checkoutId) ?? 0) + 1);
    const wrongEvents = checkoutIds.filter((id) => eventsPer.get(id) !== 1);
    if (wrongEvents.length > 0)
      failures.push(`${wrongEvents.length} checkouts without exactly one checkout.completed`);

    // The last API delivers what the crashes left: wait for every delivery to end.
    const until = Date.now() + 60_000;
    let open = Number.POSITIVE_INFINITY;
    while (open > 0 && Date.now() < until) {
      const [row] = await db
        .select({ n: sql<number>`count(*) filter (where ${outboxDeliveries.status} <> 'done')::int` })
        .from(outboxDeliveries);
      open = row?.n ?? 0;
      if (open > 0) await sleep(200);
    }
    if (open > 0) failures.push(`${open} outbox deliveries not done a minute after the last restart`);

    const receipts = new Map<string, number>();
    for (const mail of catcher.messages()) {
      const id = /\/receipt\/([0-9a-f-]{36})/.exec(mail.text)?.[1];
      if (id) receipts.set(id, (receipts.get(id) ?? 0) + 1);
    }
    const unsent = checkoutIds.filter((id) => !receipts.has(id));
    const twice = checkoutIds.filter((id) => (receipts.get(id) ?? 0) > 1);
    console.log(
      `${events.length} checkout events, ${checkoutIds.length - unsent.length} receipts mailed, ${twice.length} mailed twice`,
    );
    if (unsent.length > 0) failures.push(`${unsent.length} receipts never mailed`);
    // A kill repeats at most the mails it caught in flight (sent, not yet marked done).
    if (twice.length > KILLS * OUTSIDE_AT_ONCE)
      failures.push(
        `${twice.length} receipts mailed twice: more than ${KILLS} kills of ${OUTSIDE_AT_ONCE} mails in flight explain`,
      );
  } finally {
    await close();
  }
} finally {
  await shop.stop();
  await catcher.stop();
}

if (failures.length > 0) {
  console.error(`chaos: FAILED\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('chaos: every purchase whole or absent, none doubled, the ledger balanced');
