// Quick check: embedded PostgreSQL, migrate, seed twice, print counts. node --import tsx packages/db/check-seed.ts

import { startEmbeddedPostgres } from './src/embedded.ts';
import { createDb, migrateDatabase, seed } from './src/index.ts';

const port = Number(process.env.CHECK_PG_PORT ?? 54501);
const pg = await startEmbeddedPostgres({ dataDir: `/tmp/dh-check-seed-${port}`, port, persistent: false });
try {
  await migrateDatabase(pg.url);
  const { db, pool, close } = createDb(pg.url);
  const now = new Date();
  let t = Date.now();
  console.log('first seed', await seed(db, { now, demoCustomers: true }), Date.now() - t, 'ms');
  t = Date.now();
  console.log('second seed', await seed(db, { now, demoCustomers: true }), Date.now() - t, 'ms');
  const counts = await pool.query(
    `select 'draws' t, count(*) from draws union all select 'results', count(*) from draw_results union all select 'divisions', count(*) from draw_prize_divisions union all select 'prices', count(*) from game_offer_prices`,
  );
  console.table(counts.rows);
  const up = await pool.query(
    `select product_offer_key, draw_no, status, purchase_status, stop_at, draw_at, prize_pool_cents, prize_pool_suffix, is_prize_pool_unknown from draws where draw_at > now() order by product_offer_key, draw_at`,
  );
  console.table(
    up.rows.map((r) => ({ ...r, stop_at: r.stop_at.toISOString(), draw_at: r.draw_at.toISOString() })),
  );
  const past = await pool.query(
    `select d.product_offer_key, d.draw_no, d.draw_at, d.prize_pool_cents, r.numbers, r.supplementary from draws d join draw_results r on r.draw_id = d.id where d.product_offer_key in ('powerball','lotto-strike','saturday-lotto','super-66') order by d.draw_at desc limit 12`,
  );
  console.table(
    past.rows.map((r) => ({
      ...r,
      draw_at: r.draw_at.toISOString(),
      numbers: JSON.stringify(r.numbers),
      supplementary: JSON.stringify(r.supplementary),
    })),
  );
  const groupPlay = `select g.name, g.publicity_status, (select count(*) from lotto_party_members m where m.group_id = g.id) members, d.product_offer_key, d.draw_no, s.status, s.shares_sold, s.total_shares from lotto_party_groups g join lotto_party_sessions s on s.group_id = g.id join draws d on d.id = s.draw_id order by d.draw_at`;
  console.table((await pool.query(groupPlay)).rows);
  const syndicateShares = `select d.product_offer_key, d.draw_no, s.shares_sold, s.total_shares from syndicate_draw_shares s join draws d on d.id = s.draw_id where d.status = 'DRAW_OPEN' and d.stop_at > $1 order by 1, d.draw_at`;
  console.table((await pool.query(syndicateShares, [now])).rows);
  const later = new Date(now.getTime() + 9 * 86_400_000);
  console.log('seed a week later', await seed(db, { now: later, demoCustomers: true }));
  console.table((await pool.query(groupPlay)).rows);
  console.table((await pool.query(syndicateShares, [later])).rows);
  const up2 = await pool.query(
    `select product_offer_key, count(*) filter (where stop_at > $1 and status = 'DRAW_OPEN') open_after from draws group by 1 order by 1`,
    [later],
  );
  console.table(up2.rows);
  await close();
} finally {
  await pg.stop();
}
