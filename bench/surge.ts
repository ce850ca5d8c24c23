// npm run bench:surge: a record-jackpot evening in a minute. SURGE_CUSTOMERS (2,000) customers are
// signed up and funded beforehand; then, arriving evenly over SURGE_SECONDS (60), each visits as the
// storefront calls the API for them (signed calls, each visitor counted by its own address under the
// real rate limits): the catalogue, the play page's data (their account, their cart), one to three
// games added, the purchase; one in ten adds a game and buys again. Prints requests/s, purchases/s,
// p50 and p99 per call, errors by status, then `ledger:check` and the counts that prove every game
// paid for is a ticket sold and every wallet is its deposits less its purchases, beside the targets.
// The API runs as production runs it (bench/lib/shop.ts). Prints figures; gates nothing. BENCH_DIAGNOSE=1
// also prints the statements that took most of the database's time.
import { spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { createDb, sql } from '@drawhouse/db';
import { DIAGNOSE, printTopStatements } from './lib/diagnose.ts';
import {
  type Answer,
  type Customer,
  dueOf,
  fundWallets,
  type Money,
  percentile,
  randomAddress,
  request,
  root,
  signUp,
  startShop,
} from './lib/shop.ts';

const CUSTOMERS = Number(process.env.SURGE_CUSTOMERS ?? 2_000);
const SECONDS = Number(process.env.SURGE_SECONDS ?? 60);
const FUNDS_CENTS = 100_000;
const TARGETS = { errors: 0, centsOff: 0, purchaseP99Ms: 300 };

type Call = 'catalogue' | 'account' | 'cart' | 'add' | 'purchase';
const CALLS: Call[] = ['catalogue', 'account', 'cart', 'add', 'purchase'];

/** A Powerball standard game of random numbers (seven of 1-35 and a Powerball of 1-20). */
function randomGame() {
  const numbers = new Set<number>();
  while (numbers.size < 7) numbers.add(randomInt(1, 36));
  return { numbers: [...numbers].sort((a, b) => a - b), powerball: randomInt(1, 21) };
}

const latencies = new Map<Call, number[]>(CALLS.map((c) => [c, []]));
const statements = new Map<Call, number>(CALLS.map((c) => [c, 0]));
const errors = new Map<string, number>();
let requests = 0;

/** Sends one call of a visitor and records how long it took and how it ended. */
async function timed(call: Call, send: () => Promise<Answer>): Promise<Answer | undefined> {
  const started = performance.now();
  let answer: Answer | undefined;
  try {
    answer = await send();
  } catch (error) {
    const key = `${call} no answer (${error instanceof Error ? error.message : String(error)})`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
    return undefined;
  }
  requests += 1;
  latencies.get(call)?.push(performance.now() - started);
  statements.set(call, (statements.get(call) ?? 0) + (answer.statements ?? 0));
  if (answer.status >= 400) {
    const key = `${call} ${answer.status} ${answer.body.error?.code ?? ''}`.trim();
    errors.set(key, (errors.get(key) ?? 0) + 1);
  }
  return answer;
}

/** What the bench saw bought: per customer, the games and cents of every purchase answered 200. */
const bought = new Map<string, { games: number; cents: number }>();

async function visit(apiUrl: string, customer: Customer): Promise<void> {
  const address = randomAddress();
  const as = { token: customer.token, address };
  await timed('catalogue', () =>
    request(apiUrl, 'GET', '/v2/pricing/default/product_offers', { address, version: '3.9' }),
  );
  await timed('account', () => request(apiUrl, 'GET', '/v2/customer', { ...as, version: '3.5' }));
  await timed('cart', () => request(apiUrl, 'GET', '/v2/cart/items', { ...as, version: '3.3' }));
  const buy = async (games: number) => {
    let due: Money | undefined;
    for (let i = 0; i < games; i++) {
      const added = await timed('add', () =>
        request(apiUrl, 'POST', '/v2/cart/items', {
          ...as,
          version: '3.3',
          body: {
            lottery: 'powerball',
            game_type: 'standard',
            game_offer: 'powerball-standard',
            games: [randomGame()],
            num_draws: 1,
          },
        }),
      );
      if (added?.status !== 200) return;
      due = dueOf(added.body.result as { cart_total: Money; pre_order_total: Money });
    }
    if (!due) return;
    const paid = due;
    const res = await timed('purchase', () =>
      request(apiUrl, 'POST', '/v2/cart/purchase', {
        ...as,
        version: '3.3',
        headers: { 'idempotency-key': randomUUID() },
        body: { use_wallet: true, expected_total: paid },
      }),
    );
    if (res?.status !== 200) return;
    const seen = bought.get(customer.id) ?? { games: 0, cents: 0 };
    bought.set(customer.id, { games: seen.games + games, cents: seen.cents + Math.round(paid.amount * 100) });
  };
  await buy(randomInt(1, 4));
  if (randomInt(10) === 0) await buy(1);
}

const shop = await startShop({
  countStatements: true,
  statStatements: DIAGNOSE,
  // The real per-visitor rate limits: the storefront forwards each visitor's address.
  apiEnv: { RATE_LIMIT_MAX: '1200', RATE_LIMIT_WINDOW_MS: '60000' },
});
try {
  await shop.startApi();
  console.log(`Signing up and funding ${CUSTOMERS} customers ...`);
  const customers: Customer[] = [];
  while (customers.length < CUSTOMERS) {
    const batch = Math.min(8, CUSTOMERS - customers.length);
    customers.push(...(await Promise.all(Array.from({ length: batch }, () => signUp(shop.apiUrl)))));
  }
  await fundWallets(
    shop.databaseUrl,
    customers.map((c) => c.id),
    FUNDS_CENTS,
  );
  const db = createDb(shop.databaseUrl, { max: 2 });
  // The sign-up mails go out before the evening starts.
  for (;;) {
    const { rows } = await db.pool.query<{ n: string }>(
      `select count(*)::text as n from outbox_deliveries where status in ('pending', 'claimed')`,
    );
    if (Number(rows[0]?.n ?? 0) === 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  if (DIAGNOSE) await db.pool.query('select pg_stat_statements_reset()');
  console.log(`${CUSTOMERS} visitors arriving over ${SECONDS} s, everything on the same 2 cores\n`);
  const started = performance.now();
  const gap = (SECONDS * 1000) / CUSTOMERS;
  await Promise.all(
    customers.map(async (customer, i) => {
      await new Promise((r) => setTimeout(r, i * gap));
      await visit(shop.apiUrl, customer);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const purchases = latencies.get('purchase')?.length ?? 0;

  console.log(
    `${requests} requests in ${seconds.toFixed(1)} s: ${(requests / seconds).toFixed(0)} requests/s, ${(purchases / seconds).toFixed(1)} purchases/s`,
  );
  for (const call of CALLS) {
    const list = (latencies.get(call) ?? []).sort((a, b) => a - b);
    console.log(
      `${call.padEnd(10)} ${String(list.length).padStart(6)} calls   p50 ${percentile(list, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(list, 99).toFixed(1).padStart(7)} ms   ${((statements.get(call) ?? 0) / Math.max(list.length, 1)).toFixed(1)} statements each`,
    );
  }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    errorCount === 0
      ? 'errors: none'
      : `errors: ${[...errors].map(([what, n]) => `${what}: ${n}`).join(', ')}`,
  );
  if (DIAGNOSE) await printTopStatements(db.pool, 15);

  console.log('\nledger:check');
  const check = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/operator/main.ts', 'ledger:check'],
    { cwd: root, env: { ...process.env, DATABASE_URL: shop.databaseUrl }, encoding: 'utf8' },
  );
  process.stdout.write(check.stdout);
  const ids = customers.map((c) => c.id);
  const counted = await db.db.execute<{ games: string; paid: string; off: string; wallets: string }>(sql`
    with ours as (select unnest(${`{${ids.join(',')}}`}::uuid[]) as id)
    select
      (select coalesce(sum(jsonb_array_length(t.games)), 0) from tickets t where t.customer_id in (select id from ours))::text as games,
      (select coalesce(sum(k.paid_cents), 0) from checkouts k where k.customer_id in (select id from ours))::text as paid,
      (select coalesce(sum(abs((a.credits_posted - a.debits_posted - a.debits_pending)
          - (${FUNDS_CENTS} - coalesce((select sum(k.paid_cents) from checkouts k where k.customer_id = a.customer_id), 0)))), 0)
        from ledger_accounts a where a.kind = 'wallet' and a.customer_id in (select id from ours))::text as off,
      (select count(*) from ledger_accounts a where a.kind = 'wallet' and a.customer_id in (select id from ours))::text as wallets`);
  await db.close();
  const row = counted.rows[0];
  const gamesPaid = [...bought.values()].reduce((s, b) => s + b.games, 0);
  const centsPaid = [...bought.values()].reduce((s, b) => s + b.cents, 0);
  const ticketsGames = Number(row?.games ?? 0);
  const walletsOff = Number(row?.off ?? 0);
  const paidOff = Math.abs(Number(row?.paid ?? 0) - centsPaid);
  console.log(
    `games on tickets sold ${ticketsGames}, games paid for ${gamesPaid}${ticketsGames === gamesPaid ? ' (equal)' : ' (DIFFERENT)'}`,
  );
  console.log(
    `${row?.wallets ?? 0} wallets against their deposits less their purchases: ${walletsOff} cents off; checkouts against the answers: ${paidOff} cents off`,
  );
  const p99 = percentile(latencies.get('purchase') ?? [], 99);
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const centsOff = walletsOff + paidOff + Math.abs(ticketsGames - gamesPaid);
  console.log(
    `\ntargets: errors ${errorCount} (target ${TARGETS.errors}: ${mark(errorCount <= TARGETS.errors)}), cents off ${walletsOff + paidOff} (target ${TARGETS.centsOff}: ${mark(centsOff <= TARGETS.centsOff && check.status === 0)}), purchase p99 ${p99.toFixed(1)} ms (target <= ${TARGETS.purchaseP99Ms} ms: ${mark(p99 <= TARGETS.purchaseP99Ms)}), ledger:check ${check.status === 0 ? 'passed' : 'FAILED'}`,
  );
} finally {
  await shop.stop();
}
