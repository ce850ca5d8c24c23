/**
 * Support's reads of a customer for the back office. Read-only views across the tables that make up
 * an account (its sessions, ledger accounts and transfers, orders and tickets, recurring purchases,
 * lotto party groups) and support's own notes; every change to the account itself goes through the
 * accounts module (`customerSupport`).
 */
import {
  and,
  authSessions,
  count,
  customerLimits,
  customerNotes,
  customers,
  type DbOrTx,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  ledgerAccounts,
  ledgerTransfers,
  lottoPartyGroups,
  lottoPartyMembers,
  operators,
  or,
  orders,
  recurringPurchases,
  type SQL,
  sql,
  tickets,
} from '@drawhouse/db';
import { isUuid } from '../../http/ids.ts';

export type CustomerRow = typeof customers.$inferSelect;

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

    async walletAccounts(customerId: string) {
      return db
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          creditsPosted: ledgerAccounts.creditsPosted,
          debitsPosted: ledgerAccounts.debitsPosted,
          debitsPending: ledgerAccounts.debitsPending,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.customerId, customerId));
    },

    /** The transfers into or out of the given accounts, newest first. */
    async transfers(accountIds: number[], page: number, limit: number) {
      if (accountIds.length === 0) return { rows: [], total: 0 };
      const where = or(
        inArray(ledgerTransfers.debitAccountId, accountIds),
        inArray(ledgerTransfers.creditAccountId, accountIds),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(ledgerTransfers)
          .where(where)
          .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(ledgerTransfers).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async orders(customerId: string, page: number, limit: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            order: orders,
            tickets: sql<number>`(select count(*) from ${tickets} where ${tickets.orderId} = ${orders.id})::int`,
          })
          .from(orders)
          .where(eq(orders.customerId, customerId))
          .orderBy(desc(orders.createdAt))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)),
      ]);
      return { rows, total: total?.n ?? 0 };
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
