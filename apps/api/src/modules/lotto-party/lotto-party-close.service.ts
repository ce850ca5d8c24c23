/**
 * The close of a lotto party session, when the draw engine closes its lottery draw: the pot (shares
 * sold x share price) buys as many quick-picked games of the session's game offer as it pays for
 * (`entryFromPot`, at most the offer's maxGames); what it cannot spend is refunded to members by
 * shares (`splitByShares`, truncated to the cent; the remainder, pot - spent - refunded, stays with
 * the house). A pot that buys no game cancels the session and refunds every share what it paid. A
 * refund goes back to promotional credit up to what the share paid with it, the rest to the wallet,
 * and a cancelled session's buyers give back voucher credit their purchase no longer qualifies for
 * (vouchers module; a closed session's leftover is change, not a refund of what was bought). One
 * transaction per session with the session row locked and guarded on `open`, transfer ids from
 * the share rows: a close run twice changes nothing. Autosession `on` then opens the next session on
 * the offer's next draw on sale. A close that only runs once the draw has results (it follows
 * `draw.closed` and was late, so the settlement caught it up) buys nothing and refunds every share
 * what it paid. The close's transaction writes every member's feed entry, requests the refund mail
 * of a cancelled session's members, and writes `lotto_party.session.closed` or `.cancelled`.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '@drawhouse/db';
import {
  autosessionOpensNext,
  entryFromPot,
  gameToWire,
  lottoPartyCancelledNotice,
  lottoPartyClosedNotice,
  lottoPartySessionPath,
  quickPickGames,
  splitByShares,
} from '@drawhouse/domain';
import { type FeedEntry, feedEntries } from '../feed/index.ts';
import { eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { requestMails, syndicateRefundMail } from '../notifications/index.ts';
import { emit } from '../outbox/index.ts';
import { clawBackRefunded } from '../vouchers/index.ts';
import { lottoPartyMoney } from './lotto-party-money.repository.ts';

export const lottoPartyRefundId = (shareId: string) => eventId(`lotto-party-refund:${shareId}`);
export const lottoPartyPromoRefundId = (shareId: string) => eventId(`lotto-party-refund:${shareId}:promo`);

/** A stored game as the session keeps it (`{numbers, powerball?}`). */
function storedGame(game: ReturnType<typeof gameToWire>): Record<string, number[]> {
  const stored: Record<string, number[]> = { numbers: game.numbers };
  if (game.powerball) stored.powerball = game.powerball;
  return stored;
}

export type LottoPartyCloseDeps = { db: Database; now: () => Date; webBaseUrl?: string };

export function createLottoPartyClose(deps: LottoPartyCloseDeps) {
  const { db, now } = deps;

  /** Closes (or cancels) one open session; answers whether this call did. */
  async function closeSession(sessionId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const repo = lottoPartyMoney(tx);
      const ledger = ledgerQueries(tx);
      // Buyers' accounts before the session, the order checkout takes them in, so a last purchase
      // racing the close cannot deadlock with it.
      const buyers = (await repo.sharesOf(sessionId)).map((s) => s.share.customerId);
      await ledger.lockCustomers([...new Set(buyers)]);
      const found = await repo.lockSession(sessionId);
      if (found?.session.status !== 'open') return false;
      const { session, draw, group, offerName } = found;
      const at = now();
      if (draw.status === 'DRAW_OPEN' && draw.stopAt > at) return false;
      const shares = await repo.sharesOf(sessionId);
      const potCents = session.sharesSold * session.sharePriceCents;
      const catalogue = await repo.gameOfferWithPrice(session.gameOffer);
      const entry = catalogue
        ? entryFromPot({
            potCents,
            gamePriceCents: catalogue.gamePriceCents,
            maxGames: catalogue.offer.maxGames,
          })
        : { games: 0, spentCents: 0, leftoverCents: potCents };
      // A close that comes after the results (it ran late) buys nothing: all refunded.
      const late = draw.status !== 'DRAW_OPEN' && draw.status !== 'DRAW_CLOSED';
      const buys = !late && entry.games > 0 && catalogue !== undefined;
      // A share is never refunded more than it was paid (a discounted one may have paid less).
      const paidOf = new Map(shares.map((s) => [s.share.id, s.share.paidCents]));
      const refunds = buys
        ? splitByShares(
            entry.leftoverCents,
            shares.map((s) => ({ id: s.share.id, shares: s.share.shares })),
            Math.max(1, session.sharesSold),
          ).parts.map((p) => ({ id: p.id, cents: Math.min(p.cents, paidOf.get(p.id) ?? 0) }))
        : shares.map((s) => ({ id: s.share.id, cents: s.share.paidCents }));
      const refundedCents = refunds.reduce((sum, r) => sum + r.cents, 0);
      const games = buys
        ? quickPickGames(catalogue.offer.numberSets, catalogue.offer.gameTypeKey, randomInt, entry.games).map(
            (g) => storedGame(gameToWire(g)),
          )
        : null;
      const moved = await repo.finishSelling(sessionId, {
        status: buys ? 'closed' : 'cancelled',
        games,
        spentCents: buys ? entry.spentCents : 0,
        refundedCents,
        closedAt: at,
      });
      if (!moved) return false;

      const customerIds = [...new Set(shares.map((s) => s.share.customerId))].sort();
      const accounts = await ledger.lockCustomers(customerIds);
      const sales = await ledger.houseAccount('sales', 'syndicate_share');
      const partOf = new Map(refunds.map((r) => [r.id, r.cents]));
      const transfers: TransferInput[] = [];
      const byCustomer = new Map<string, number>();
      for (const { share } of shares) {
        const cents = partOf.get(share.id) ?? 0;
        await repo.setShareRefund(share.id, cents);
        byCustomer.set(share.customerId, (byCustomer.get(share.customerId) ?? 0) + cents);
        const owned = accounts.get(share.customerId);
        if (cents <= 0) continue;
        if (!owned) throw new Error(`no accounts for customer ${share.customerId}`);
        // What was paid with promotional credit goes back there, so a refund never turns it into cash.
        const promo = Math.min(cents, share.paidPromoCents);
        const description = `Lotto Party refund: ${group.name}, draw ${draw.drawNo}`;
        const refund = { debitAccountId: sales, code: 'refund' as const, customerId: share.customerId };
        if (cents - promo > 0) {
          transfers.push({
            ...refund,
            id: lottoPartyRefundId(share.id),
            creditAccountId: owned.wallet.id,
            amountCents: cents - promo,
            reference: sessionId,
            description,
          });
        }
        if (promo > 0) {
          transfers.push({
            ...refund,
            id: lottoPartyPromoRefundId(share.id),
            creditAccountId: owned.promo.id,
            amountCents: promo,
            reference: sessionId,
            description: `${description} (promotional credit)`,
          });
        }
      }
      transfers.sort((a, b) => a.creditAccountId - b.creditAccountId);
      await ledger.post(transfers);
      // A cancelled session's shares are refunded in full: credit a voucher gave for them goes back.
      if (!buys) {
        await clawBackRefunded(
          tx,
          shares.map((s) => s.checkoutId),
          at,
        );
      }

      const about = { sessionId, groupName: group.name, offerName, drawNo: draw.drawNo };
      const notices: FeedEntry[] = [...byCustomer].map(([customerId, refundCents]) => ({
        customerId,
        sourceKey: `lotto-party-close:${sessionId}`,
        notice: buys
          ? lottoPartyClosedNotice({ ...about, games: entry.games, refundCents })
          : lottoPartyCancelledNotice({ ...about, refundCents }),
      }));
      await feedEntries(tx).addMany(notices);
      // A cancelled session's members are mailed their refund (a few cents of leftover are not).
      const contacts = new Map(shares.map((s) => [s.share.customerId, s]));
      const url = `${deps.webBaseUrl ?? ''}${lottoPartySessionPath(sessionId)}`;
      await requestMails(
        tx,
        buys
          ? []
          : notices.flatMap((n) => {
              const contact = contacts.get(n.customerId);
              if (!contact || (byCustomer.get(n.customerId) ?? 0) <= 0) return [];
              const { title, message } = n.notice;
              const mail = syndicateRefundMail({
                firstname: contact.firstname,
                title,
                message,
                ticketUrl: url,
              });
              return [{ about: n.customerId, to: contact.email, mail }];
            }),
      );
      await emit(tx, buys ? 'lotto_party.session.closed' : 'lotto_party.session.cancelled', sessionId, {
        sessionId,
        drawId: draw.id,
      });

      if (autosessionOpensNext(session.autosessionStatus) && !session.nextSessionId) {
        const next = await repo.nextDrawOnSale(session.productOfferKey, draw.drawAt, at);
        if (next) await repo.openNextSession(session, next.id, at);
      }
      return true;
    });
  }

  return {
    closeSession,
    /** Closes every open session of a lottery draw that has closed; answers how many this call closed. */
    async closeDraw(drawId: string): Promise<number> {
      let closed = 0;
      for (const id of await lottoPartyMoney(db).sessionIdsOfDraw(drawId, 'open')) {
        if (await closeSession(id)) closed += 1;
      }
      return closed;
    },
  };
}

export type LottoPartyClose = ReturnType<typeof createLottoPartyClose>;

/** Closes every open session of a draw that has closed (`draw.closed`'s follower runs it). */
export const closeLottoPartySessions = (deps: LottoPartyCloseDeps, drawId: string) =>
  createLottoPartyClose(deps).closeDraw(drawId);
