/**
 * Support's reads of a customer for the back office. Read-only views across the tables that make up
 * an account (its sessions, ledger accounts and transfers, orders and tickets, recurring purchases,
 * lotto party groups) and support's own notes; every change to the account itself goes through the
 * accounts module (`customerSupport`).
 */
import {
  and,
  authSessions,
  checkouts,
  count,
  customerLimits,
  customerNotes,
  customers,
  type DbOrTx,
  desc,
  draws,
  eq,
  giveawayEntries,
  giveawayWinners,
  gt,
  inArray,
  isNull,
  ledgerTransfers,
  lottoPartyGroups,
  lottoPartyMembers,
  memberships,
  operators,
  or,
  orders,
  productOffers,
  raffleTicketNumbers,
  recurringPurchases,
  type SQL,
  sql,
  ticketPayouts,
  tickets,
  ticketWins,
} from '@drawhouse/db';
import { isUuid } from '../../http/ids.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** One page of rows and the count of them all, read side by side. */
async function paged<T>(rows: PromiseLike<T[]>, counted: PromiseLike<{ n: number }[]>) {
  const [page, [total]] = await Promise.all([rows, counted]);
  return { rows: page, total: total?.n ?? 0 };
}

/** Letters of a search that could be a phone number: digits, spaces, +, - and brackets. */
const PHONE = /^[+\d][\d\s()-]{5,}$/;

/** LIKE's own characters in a search are matched as themselves. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchFilter(q: string): SQL | undefined {
  const text = q.trim();
  if (text === '') return undefined;
  if (isUuid(text)) return eq(customers.id, text.toLowerCase());
  if (text.includes('@')) return sql`lower(${customers.email}) like ${`${likeEscaped(text.toLowerCase())}%`}`;
  if (PHONE.test(text)) {
    const digits = text.replace(/\D/g, '');
    return sql`regexp_replace(${customers.phone}, '\\D', '', 'g') like ${`%${digits.slice(-9)}`}`;
  }
  const words = text.toLowerCase().split(/\s+/).map(likeEscaped);
  return and(
    ...words.map(
      (w) =>
        sql`(lower(${customers.firstname}) like ${`${w}%`} or lower(${customers.lastname}) like ${`${w}%`} or lower(${customers.email}) like ${`${w}%`})`,
    ),
  );
}

export function customerCareRepository(db: DbOrTx) {
  return {
    async search(q: string, page: number, limit: number) {
      const where = searchFilter(q);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(customers)
          .where(where)
          .orderBy(desc(customers.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(customers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async customer(id: string): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    async liveSessions(customerId: string, now: Date) {
      return db
        .select({
          id: authSessions.id,
          createdAt: authSessions.createdAt,
          lastUsedAt: authSessions.lastUsedAt,
          expiresAt: authSessions.expiresAt,
        })
        .from(authSessions)
        .where(
          and(
            eq(authSessions.customerId, customerId),
            isNull(authSessions.revokedAt),
            gt(authSessions.expiresAt, now),
          ),
        )
        .orderBy(desc(authSessions.lastUsedAt))
        .limit(20);
    },

    /** The transfers into or out of the given accounts, newest first. */
    async transfers(accountIds: number[], page: number, limit: number) {
      if (accountIds.length === 0) return { rows: [], total: 0 };
      const where = or(
        inArray(ledgerTransfers.debitAccountId, accountIds),
        inArray(ledgerTransfers.creditAccountId, accountIds),
      );
      return paged(
        db
          .select()
          .from(ledgerTransfers)
          .where(where)
          .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(ledgerTransfers).where(where),
      );
    },

    async orders(customerId: string, page: number, limit: number) {
      return paged(
        db
          .select({
            order: orders,
            // A one-table select writes its columns unqualified, so the order's id is named in full
            // (bare, "id" inside the subquery would be the ticket's).
            tickets: sql<number>`(select count(*) from ${tickets}
              where ${tickets.orderId} = ${orders}.${sql.identifier(orders.id.name)})::int`,
            // The partner whose page sold it (null for the shop's own checkout).
            partner: sql<string | null>`(select ${checkouts.partnerKey} from ${checkouts}
              where ${checkouts.id} = ${orders}.${sql.identifier(orders.checkoutId.name)})`,
          })
          .from(orders)
          .where(eq(orders.customerId, customerId))
          .orderBy(desc(orders.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)),
      );
    },

    /** The customer's tickets, newest first (or one order's), with their draw, numbers and prize. */
    async tickets(customerId: string, orderId: string | undefined, page: number, limit: number) {
      const where = and(
        eq(tickets.customerId, customerId),
        orderId === undefined ? undefined : eq(tickets.orderId, orderId),
      );
      return paged(
        db
          .select({
            ticket: tickets,
            offerName: productOffers.name,
            drawNo: draws.drawNo,
            drawAt: draws.drawAt,
            drawStatus: draws.status,
            raffleNumbers: sql<number[]>`coalesce((select array_agg(${raffleTicketNumbers.number})
              from ${raffleTicketNumbers} where ${raffleTicketNumbers.ticketId} = ${tickets.id}), '{}')`,
            prizeNames: sql<string[]>`coalesce((select array_agg(${ticketWins.prizeName})
              from ${ticketWins} where ${ticketWins.ticketId} = ${tickets.id} and ${ticketWins.prizeName} is not null), '{}')`,
            prizeCents: ticketPayouts.prizeCents,
            payoutStatus: ticketPayouts.status,
          })
          .from(tickets)
          .innerJoin(draws, eq(draws.id, tickets.drawId))
          .leftJoin(productOffers, eq(productOffers.key, tickets.productOfferKey))
          .leftJoin(ticketPayouts, eq(ticketPayouts.ticketId, tickets.id))
          .where(where)
          .orderBy(desc(tickets.createdAt), desc(tickets.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(tickets).where(where),
      );
    },

    async limits(customerId: string) {
      return db
        .select()
        .from(customerLimits)
        .where(eq(customerLimits.customerId, customerId))
        .orderBy(customerLimits.kind);
    },

    async recurring(customerId: string) {
      return db
        .select()
        .from(recurringPurchases)
        .where(eq(recurringPurchases.customerId, customerId))
        .orderBy(desc(recurringPurchases.createdAt))
        .limit(50);
    },

    async groups(customerId: string) {
      return db
        .select({
          id: lottoPartyGroups.id,
          name: lottoPartyGroups.name,
          role: lottoPartyMembers.role,
          joinedAt: lottoPartyMembers.joinedAt,
        })
        .from(lottoPartyMembers)
        .innerJoin(lottoPartyGroups, eq(lottoPartyGroups.id, lottoPartyMembers.groupId))
        .where(eq(lottoPartyMembers.customerId, customerId))
        .orderBy(desc(lottoPartyMembers.joinedAt))
        .limit(50);
    },

    /** The Daily Winners membership row, with the giveaways entered and the prizes won. */
    async membership(customerId: string) {
      const [row] = await db
        .select({
          membership: memberships,
          entered: sql<number>`(select count(*)::int from ${giveawayEntries}
            where ${giveawayEntries.customerId} = ${customerId})`,
          won: sql<number>`(select count(*)::int from ${giveawayWinners}
            where ${giveawayWinners.customerId} = ${customerId})`,
          wonCents:
            sql<number>`(select coalesce(sum(${giveawayWinners.amountCents}), 0)::bigint from ${giveawayWinners}
            where ${giveawayWinners.customerId} = ${customerId})`.mapWith(Number),
        })
        .from(memberships)
        .where(eq(memberships.customerId, customerId));
      return row;
    },

    async notes(customerId: string) {
      return db
        .select({
          id: customerNotes.id,
          text: customerNotes.text,
          createdAt: customerNotes.createdAt,
          operatorName: operators.name,
        })
        .from(customerNotes)
        .innerJoin(operators, eq(operators.id, customerNotes.operatorId))
        .where(eq(customerNotes.customerId, customerId))
        .orderBy(desc(customerNotes.createdAt));
    },

    async insertNote(customerId: string, operatorId: string, text: string, at: Date) {
      const [row] = await db
        .insert(customerNotes)
        .values({ customerId, operatorId, text, createdAt: at })
        .returning();
      if (!row) throw new Error('the note was not written');
      return row;
    },
  };
}
