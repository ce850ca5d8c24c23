/**
 * Support's work on customers in the back office: search, the whole account on one page, its wallet's
 * transfers, its orders and tickets, and the actions (lock, unlock, close, reset the second factor, a note),
 * each in one transaction with its audit row.
 */
import type {
  AdminCustomer,
  AdminCustomerSummary,
  AdminOrders,
  AdminTickets,
  AdminTransfers,
} from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { centsToMoney, membershipTier, ticketEntryText } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { customerSupport } from '../accounts/index.ts';
import { accountBalance, ledgerQueries } from '../ledger/index.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { type CustomerRow, customerCareRepository } from './customer-care.repository.ts';

function notFound(): AppError {
  return new AppError(404, 'customer_not_found', 'There is no such customer.');
}

function summary(row: CustomerRow): AdminCustomerSummary {
  return {
    id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    status: row.status,
    isVerified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export type SupportAction = 'lock' | 'unlock' | 'close' | 'reset_two_factor';

const ACTION_NAMES: Record<SupportAction, string> = {
  lock: 'customer.locked',
  unlock: 'customer.unlocked',
  close: 'customer.closed',
  reset_two_factor: 'customer.two_factor_reset',
};

export function createCustomerCare(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  const repo = customerCareRepository(db);

  async function existing(id: string): Promise<CustomerRow> {
    const row = isUuid(id) ? await repo.customer(id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  async function customerAccounts(id: string) {
    const accounts = await ledgerQueries(db).accountsAsTheyStand(id);
    return { accounts, byId: new Map(accounts.map((a) => [a.id, a.kind])) };
  }

  return {
    async search(q: string, page: number, limit: number) {
      const { rows, total } = await repo.search(q, page, limit);
      return { customers: rows.map(summary), page, limit, total };
    },

    async show(id: string): Promise<AdminCustomer> {
      const row = await existing(id);
      const at = now();
      const [sessions, { accounts }, limits, recurring, groups, notes, support, membership] =
        await Promise.all([
          repo.liveSessions(id, at),
          customerAccounts(id),
          repo.limits(id),
          repo.recurring(id),
          repo.groups(id),
          repo.notes(id),
          customerSupport(db, at).state(id),
          repo.membership(id),
        ]);
      const wallet = accounts.find((a) => a.kind === 'wallet');
      const promo = accounts.find((a) => a.kind === 'promo');
      const walletBalance = wallet ? accountBalance(wallet) : { postedCents: 0, availableCents: 0 };
      return {
        ...summary(row),
        dateOfBirth: row.dateOfBirth,
        address: {
          line1: row.address,
          line2: row.addressLine2,
          suburb: row.suburb,
          state: row.state,
          postcode: row.postcode,
          country: row.country,
        },
        emailConfirmed: row.emailConfirmedAt !== null,
        verifiedAt: iso(row.verifiedAt),
        lockedAt: iso(row.lockedAt),
        lockReason: row.lockReason,
        closedAt: iso(row.closedAt),
        closeReason: row.closeReason,
        twoFactor: support.twoFactor,
        wallet: {
          balance: centsToMoney(walletBalance.postedCents),
          available: centsToMoney(walletBalance.availableCents),
          promo: centsToMoney(promo ? accountBalance(promo).availableCents : 0),
        },
        sessions: sessions.map((s) => ({
          id: s.id,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
        limits: limits.map((l) => ({
          kind: l.kind,
          amount: l.amountCents === null ? null : centsToMoney(l.amountCents),
          pending: l.pendingFrom
            ? {
                amount: l.pendingAmountCents === null ? null : centsToMoney(l.pendingAmountCents),
                removal: l.pendingRemoval,
                from: l.pendingFrom.toISOString(),
              }
            : null,
        })),
        recurringPurchases: recurring.map((r) => ({
          id: r.id,
          offerKey: r.productOfferKey,
          type: r.type,
          status: r.status,
          quantity: r.quantity,
          lastAttempt: r.lastAttemptStatus,
          lastAttemptAt: iso(r.lastAttemptAt),
        })),
        lottoPartyGroups: groups.map((g) => ({
          id: g.id,
          name: g.name,
          role: g.role,
          joinedAt: g.joinedAt.toISOString(),
        })),
        membership: membership
          ? {
              status: membership.membership.status,
              tier: membershipTier(membership.membership, at),
              premiumUntil: iso(membership.membership.premiumUntil),
              joinedAt: iso(membership.membership.joinedAt),
              leftAt: iso(membership.membership.leftAt),
              giveawaysEntered: membership.entered,
              prizesWon: membership.won,
              won: centsToMoney(membership.wonCents),
            }
          : null,
        notes: notes.map((n) => ({
          id: n.id,
          operatorName: n.operatorName,
          text: n.text,
          createdAt: n.createdAt.toISOString(),
        })),
      };
    },

    async transfers(id: string, page: number, limit: number): Promise<AdminTransfers> {
      await existing(id);
      const { byId } = await customerAccounts(id);
      const { rows, total } = await repo.transfers([...byId.keys()], page, limit);
      return {
        transfers: rows.map((t) => {
          const credited = byId.get(t.creditAccountId);
          const account = credited ?? byId.get(t.debitAccountId) ?? 'wallet';
          const status =
            t.flag === 'pending'
              ? 'pending'
              : t.flag === 'post_pending'
                ? 'settled'
                : t.flag === 'void_pending'
                  ? 'voided'
                  : 'posted';
          return {
            id: t.id,
            at: t.createdAt.toISOString(),
            account: account === 'promo' ? 'promo' : 'wallet',
            code: t.code,
            status,
            amount: centsToMoney(credited ? t.amountCents : -t.amountCents),
            description: t.description,
          };
        }),
        page,
        limit,
        total,
      };
    },

    async orders(id: string, page: number, limit: number): Promise<AdminOrders> {
      await existing(id);
      const { rows, total } = await repo.orders(id, page, limit);
      return {
        orders: rows.map(({ order, tickets, partner }) => ({
          id: order.id,
          at: order.createdAt.toISOString(),
          productType: order.productType,
          offerKey: order.productOfferKey,
          description: order.description,
          quantity: order.quantity,
          total: centsToMoney(order.totalCents),
          tickets,
          firstDrawNo: order.firstDrawNo,
          partner,
        })),
        page,
        limit,
        total,
      };
    },

    async tickets(
      id: string,
      orderId: string | undefined,
      page: number,
      limit: number,
    ): Promise<AdminTickets> {
      await existing(id);
      const { rows, total } = await repo.tickets(id, orderId, page, limit);
      return {
        tickets: rows.map((r) => ({
          id: r.ticket.id,
          orderId: r.ticket.orderId,
          at: r.ticket.createdAt.toISOString(),
          offerKey: r.ticket.productOfferKey,
          offerName: r.offerName ?? r.ticket.productOfferKey,
          drawNo: r.drawNo,
          drawAt: r.drawAt.toISOString(),
          drawStatus: r.drawStatus,
          entry: ticketEntryText({
            games: r.ticket.games,
            raffleNumbers: r.raffleNumbers,
            numShares: r.ticket.numShares,
          }),
          prize: r.prizeCents === null ? null : centsToMoney(r.prizeCents),
          prizeNames: r.prizeNames,
          payoutStatus: r.payoutStatus,
        })),
        page,
        limit,
        total,
      };
    },

    /** One of support's actions on the account, with its reason, audited in its transaction. */
    async act(actor: Actor, id: string, action: SupportAction, reason: string) {
      await existing(id);
      await db.transaction(async (tx) => {
        const support = customerSupport(tx, now());
        const change =
          action === 'lock'
            ? await support.lock(id, reason)
            : action === 'unlock'
              ? await support.unlock(id)
              : action === 'close'
                ? await support.close(id, reason)
                : await support.resetTwoFactor(id);
        await recordAudit(tx, actor, {
          action: ACTION_NAMES[action],
          targetType: 'customer',
          targetId: id,
          before: change.before,
          after: { ...change.after, reason },
        });
      });
      return this.show(id);
    },

    async note(actor: Actor, id: string, text: string) {
      await existing(id);
      await db.transaction(async (tx) => {
        const note = await customerCareRepository(tx).insertNote(id, actor.operator.id, text, now());
        await recordAudit(tx, actor, {
          action: 'customer.noted',
          targetType: 'customer',
          targetId: id,
          after: { note: note.id, text },
        });
      });
      return this.show(id);
    },
  };
}

export type CustomerCare = ReturnType<typeof createCustomerCare>;
