/**
 * Daily Winners giveaways made, closed and drawn: the one code path of the API's giveaway engine and
 * of the demo seed, so a seeded giveaway's proof checks out like any other.
 *
 * - Made (`insertGiveaway`): the next number of its type (`DW-{TYPE}-{number}`), a 32-byte secret
 *   seed from node:crypto and its commitment (lowercase hex SHA-256), as raffle draws have them.
 * - Closed (`closeGiveaway`): open -> closed once its close time has passed, by a status-guarded
 *   update; in the same statement's transaction every customer whose entry status at the close is
 *   unlocked or guaranteed (the domain's `entryStatus`, in SQL) gets an entry numbered 1..N in order
 *   of joining (then customer id), and `entries` = N.
 * - Drawn (`drawGiveaway`): closed -> drawn with the raffles' draw (`drawRaffleWinners`, key
 *   `giveaway-{type}`, draw number = the giveaway's number, N entries, one winner per prize); the
 *   winning entries are kept on the giveaway and each prize's winner in `giveaway_winners`.
 * Each answers the giveaway it moved, or undefined when it was not for this call to move (another
 * worker's, or not due): safe to run twice or on two workers at once.
 */
import {
  drawRaffleWinners,
  type GiveawayValues,
  giveawayDrawKey,
  giveawayExternalId,
  giveawayPath,
  giveawayTier,
  RAFFLE_ALGORITHM,
  RAFFLE_ALGORITHM_VERSION,
} from '@drawhouse/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { giveawayEntries, giveaways, giveawayWinners } from '../schema/index.ts';
import { newRaffleSeed, nodeHmacSha256 } from './raffle-seeds.ts';

export type GiveawayRow = typeof giveaways.$inferSelect;

/** A giveaway's checked values (the domain's `giveawayDraftErrors`) and who made it. */
export type NewGiveaway = GiveawayValues & { createdBy: string | null };

/** Makes a giveaway, numbered next of its type (the type held for the transaction: one number each). */
export async function insertGiveaway(db: DbOrTx, v: NewGiveaway): Promise<GiveawayRow> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`giveaway:${v.type}`}))`);
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${giveaways.number}), 0)::int` })
    .from(giveaways)
    .where(eq(giveaways.type, v.type));
  const number = (last?.n ?? 0) + 1;
  const { seed, commitment } = await newRaffleSeed();
  const [row] = await db
    .insert(giveaways)
    .values({
      type: v.type,
      number,
      externalId: giveawayExternalId(v.type, number),
      title: v.title,
      description: v.description,
      pill: v.pill,
      permits: v.permits,
      images: v.images,
      details: { title: v.title, transferToken: null, url: giveawayPath(v.type, number) },
      prizes: v.prizes,
      opensAt: v.opensAt,
      closesAt: v.closesAt,
      seed,
      commitment,
      algorithm: RAFFLE_ALGORITHM,
      version: RAFFLE_ALGORITHM_VERSION,
      createdBy: v.createdBy,
    })
    .returning();
  if (!row) throw new Error('the giveaway was not written');
  return row;
}

/**
 * open -> closed when its close time is at or before `now`, with its entries counted. The entry rule
 * is the domain's `entryStatus` at the close time: members only (not pending-deposit, not left);
 * premium (`premium_until` after the close) guaranteed in every giveaway; free members unlocked in
 * the free giveaways, and in premium ones only with a resolved unlock.
 */
export async function closeGiveaway(db: DbOrTx, id: string, now: Date): Promise<GiveawayRow | undefined> {
  const [closed] = await db
    .update(giveaways)
    .set({ status: 'closed', closedAt: now })
    .where(and(eq(giveaways.id, id), eq(giveaways.status, 'open'), lte(giveaways.closesAt, now)))
    .returning();
  if (!closed) return undefined;
  const at = closed.closesAt.toISOString();
  const freeGiveaway = giveawayTier(closed.type) === 'free';
  await db.execute(sql`
    insert into giveaway_entries (giveaway_id, customer_id, entry_number, entry_status)
    select ${id}, m.customer_id,
      row_number() over (order by m.joined_at asc nulls last, m.customer_id asc),
      case when m.premium_until > ${at}::timestamptz then 'guaranteed' else 'unlocked' end
    from memberships m
    left join giveaway_unlocks u on u.giveaway_id = ${id} and u.customer_id = m.customer_id
    where m.status = 'member'
      and (m.premium_until > ${at}::timestamptz or ${freeGiveaway} or u.state = 'resolved')`);
  const [counted] = await db
    .update(giveaways)
    .set({ entries: sql`(select count(*)::int from giveaway_entries e where e.giveaway_id = ${id})` })
    .where(eq(giveaways.id, id))
    .returning();
  return counted;
}

/**
 * closed -> drawn: the winners from the committed seed, prize i to winning entry i (fewer winners
 * than prizes when there are fewer entries; none with none). The giveaway is claimed `for update
 * skip locked`, so a second worker leaves it.
 */
export async function drawGiveaway(db: DbOrTx, id: string, now: Date): Promise<GiveawayRow | undefined> {
  const [found] = await db
    .select()
    .from(giveaways)
    .where(and(eq(giveaways.id, id), eq(giveaways.status, 'closed')))
    .for('update', { skipLocked: true });
  if (!found) return undefined;
  const entries = found.entries ?? 0;
  const winning = await drawRaffleWinners({
    seed: found.seed,
    offerKey: giveawayDrawKey(found.type),
    drawNo: found.number,
    ticketsSold: entries,
    prizeCount: found.prizes.length,
    hmac: nodeHmacSha256,
  });
  if (winning.length > 0) {
    const drawnEntries = await db
      .select({ customerId: giveawayEntries.customerId, entryNumber: giveawayEntries.entryNumber })
      .from(giveawayEntries)
      .where(and(eq(giveawayEntries.giveawayId, id), inArray(giveawayEntries.entryNumber, winning)))
      .orderBy(asc(giveawayEntries.entryNumber));
    const owner = new Map(drawnEntries.map((e) => [e.entryNumber, e.customerId]));
    await db.insert(giveawayWinners).values(
      winning.map((entryNumber, i) => {
        const prize = found.prizes[i];
        const customerId = owner.get(entryNumber);
        if (!prize || !customerId) throw new Error(`giveaway ${id}: entry ${entryNumber} is not there`);
        return {
          giveawayId: id,
          prizeIndex: i,
          customerId,
          entryNumber,
          title: prize.title,
          amountCents: prize.amountCents,
          kind: prize.kind,
        };
      }),
    );
  }
  const [drawn] = await db
    .update(giveaways)
    .set({ status: 'drawn', drawnAt: now, winningEntries: winning })
    .where(and(eq(giveaways.id, id), eq(giveaways.status, 'closed')))
    .returning();
  return drawn;
}
