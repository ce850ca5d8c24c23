/**
 * Raffles as the back office reads, makes and edits them. A new raffle is written as the demo's are
 * (`insertRaffleOffer`: its offer, cause, books, prizes, first draw and the draw's secret seed with
 * its commitment), in the caller's transaction. An edit rewrites the offer's terms and moves its open
 * draw's stop and draw times; the draw's seed and commitment are never touched.
 */
import type { AdminRaffleQuery } from '@drawhouse/contract';
import {
  and,
  asc,
  causes,
  count,
  type DbOrTx,
  draws,
  eq,
  gt,
  insertRaffleOffer,
  lte,
  or,
  productOfferCauses,
  productOffers,
  raffleBooks,
  raffleDraw,
  raffleDrawSeeds,
  raffleFacts,
  rafflePrizes,
  raffles,
  sql,
} from '@drawhouse/db';
import type { RaffleValues } from '@drawhouse/domain';

/** A new raffle's brand: the site's logo and the raffles' teal, until it gets its own. */
const RAFFLE_COLOR = '#0b7285';
const RAFFLE_LOGO = '/cms/files/logo';
/** Listed after the demo's offers. */
const NEW_RAFFLE_RANKING = 100;

export function rafflesAdminRepository(db: DbOrTx) {
  const summaries = () =>
    db
      .select({ raffle: raffles, name: productOffers.name, url: productOffers.url, causeName: causes.name })
      .from(raffles)
      .innerJoin(productOffers, eq(productOffers.key, raffles.productOfferKey))
      .innerJoin(causes, eq(causes.key, raffles.causeKey));

  return {
    /** A page of raffles, soonest to close first, by a part of their name or key and their state. */
    async list(filter: {
      q: string;
      state: AdminRaffleQuery['state'];
      now: Date;
      page: number;
      limit: number;
    }) {
      const words = filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const where = and(
        words === ''
          ? undefined
          : or(
              sql`lower(${productOffers.name}) like ${`%${words}%`}`,
              sql`${raffles.productOfferKey} like ${`%${words}%`}`,
            ),
        filter.state === 'on_sale' ? gt(raffles.closesAt, filter.now) : undefined,
        filter.state === 'closed' ? lte(raffles.closesAt, filter.now) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        summaries()
          .where(where)
          .orderBy(asc(raffles.closesAt), asc(raffles.productOfferKey))
          .limit(filter.limit)
          .offset((filter.page - 1) * filter.limit),
        db
          .select({ n: count() })
          .from(raffles)
          .innerJoin(productOffers, eq(productOffers.key, raffles.productOfferKey))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async one(key: string) {
      const [row] = await summaries().where(eq(raffles.productOfferKey, key)).limit(1);
      if (!row) return undefined;
      const [offer] = await db.select().from(productOffers).where(eq(productOffers.key, key));
      const [books, prizes, drawRows] = await Promise.all([
        db
          .select()
          .from(raffleBooks)
          .where(eq(raffleBooks.productOfferKey, key))
          .orderBy(raffleBooks.numTickets),
        db
          .select()
          .from(rafflePrizes)
          .where(eq(rafflePrizes.productOfferKey, key))
          .orderBy(rafflePrizes.rank),
        db
          .select({
            draw: draws,
            seed: raffleDrawSeeds,
            ticketsSold: sql<number>`((select count(*) from raffle_ticket_numbers n where n.draw_id = "draws"."id")
              + (select count(*) from raffle_postal_entries p where p.draw_id = "draws"."id"))::int`,
            salesCents: sql<string>`(select coalesce(sum(o.total_cents / greatest(o.num_draws, 1)), 0) from orders o
              where o.id in (select t.order_id from tickets t where t.draw_id = "draws"."id"))`,
          })
          .from(draws)
          .leftJoin(raffleDrawSeeds, eq(raffleDrawSeeds.drawId, draws.id))
          .where(eq(draws.productOfferKey, key))
          .orderBy(sql`${draws.drawNo} desc`),
      ]);
      return { ...row, description: offer?.description ?? '', books, prizes, draws: drawRows };
    },

    /**
     * Locks a raffle for an edit's transaction: its latest draw `for update` first, as a close does,
     * so purchases writing tickets into it finish first (their share lock) or wait for the edit; then
     * its row, which a purchase updates. False when there is no such raffle.
     */
    async lockForEdit(key: string): Promise<boolean> {
      await db
        .select({ id: draws.id })
        .from(draws)
        .where(eq(draws.productOfferKey, key))
        .orderBy(sql`${draws.drawNo} desc`)
        .limit(1)
        .for('update');
      const locked = await db
        .select({ key: raffles.productOfferKey })
        .from(raffles)
        .where(eq(raffles.productOfferKey, key))
        .for('update');
      return locked.length === 1;
    },

    /**
     * Writes an edit: the offer's name, description and facts, the raffle's terms, its books and
     * prizes, and its open draw's stop and draw times and prize pool. `edited_at` moves the catalogue's
     * `drawsVersion`.
     */
    async update(
      v: RaffleValues,
      changed: readonly (keyof RaffleValues)[],
      causeName: string,
      openDrawId: string,
      now: Date,
    ): Promise<void> {
      await db
        .update(productOffers)
        .set({ name: v.name, description: v.description, facts: raffleFacts({ ...v, causeName }) })
        .where(eq(productOffers.key, v.key));
      await db
        .update(raffles)
        .set({
          causeKey: v.causeKey,
          totalTickets: v.totalTickets,
          closesAt: v.closesAt,
          postalEntryAvailable: v.postalEntryAvailable,
          editedAt: now,
        })
        .where(eq(raffles.productOfferKey, v.key));
      if (changed.includes('causeKey')) {
        await db.delete(productOfferCauses).where(eq(productOfferCauses.productOfferKey, v.key));
        await db.insert(productOfferCauses).values({ productOfferKey: v.key, causeKey: v.causeKey });
      }
      if (changed.includes('books')) {
        await db.delete(raffleBooks).where(eq(raffleBooks.productOfferKey, v.key));
        await db.insert(raffleBooks).values(v.books.map((b) => ({ productOfferKey: v.key, ...b })));
      }
      if (changed.includes('prizes')) {
        await db.delete(rafflePrizes).where(eq(rafflePrizes.productOfferKey, v.key));
        await db.insert(rafflePrizes).values(v.prizes.map((p) => ({ productOfferKey: v.key, ...p })));
      }
      if (!changed.includes('closesAt') && !changed.includes('prizes')) return;
      // Its stop, draw time and prize pool as a new draw of the raffle would have them.
      const { stopAt, drawAt, prizePoolCents, isPrizePoolUnknown } = raffleDraw(
        v.key,
        0,
        v.closesAt,
        v.prizes[0]?.valueCents ?? null,
      );
      await db
        .update(draws)
        .set({ stopAt, drawAt, prizePoolCents, isPrizePoolUnknown })
        .where(eq(draws.id, openDrawId));
    },

    async causes() {
      return db
        .select({ key: causes.key, name: causes.name })
        .from(causes)
        .orderBy(causes.sortOrder, causes.name);
    },

    /**
     * Makes the raffle whole; false when an offer has its key already (nothing written then). The key
     * is held for the transaction first, so two forms sent at once make one raffle.
     */
    async insert(v: RaffleValues, causeName: string): Promise<boolean> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`offer:${v.key}`}))`);
      const [taken] = await db
        .select({ key: productOffers.key })
        .from(productOffers)
        .where(eq(productOffers.key, v.key));
      if (taken) return false;
      await insertRaffleOffer(db, {
        ...v,
        causeName,
        color: RAFFLE_COLOR,
        logo: RAFFLE_LOGO,
        ranking: NEW_RAFFLE_RANKING,
        firstDrawNo: 1,
      });
      return true;
    },
  };
}
