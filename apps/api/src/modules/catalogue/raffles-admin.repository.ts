/**
 * Raffles as the back office reads and makes them. A new raffle is written as the demo's are
 * (`insertRaffleOffer`: its offer, cause, books, prizes, first draw and the draw's secret seed with
 * its commitment), in the caller's transaction.
 */
import {
  asc,
  causes,
  type DbOrTx,
  draws,
  eq,
  insertRaffleOffer,
  productOffers,
  raffleBooks,
  raffleDrawSeeds,
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
    async list() {
      return summaries().orderBy(asc(raffles.closesAt), asc(raffles.productOfferKey));
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
            ticketsSold: sql<number>`(select count(*) from raffle_ticket_numbers n where n.draw_id = "draws"."id")::int`,
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
