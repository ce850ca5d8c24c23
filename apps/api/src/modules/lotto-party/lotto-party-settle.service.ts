/**
 * The settlement of a lotto party session once its lottery draw is scored: the entry bought at the
 * close is scored with the domain's scorer and priced at each division's prize per winning game as
 * the draw's scoring set it (as a syndicate's entry is), the prize split by shares
 * (`splitByShares`) into each member's wallet from `prize_liability` (transfer id from the share
 * row), the remainder recorded in `prize_remainders` (entry key: the session id), the session `paid`
 * (a zero prize too) and every member told in the feed, winners by email too. One transaction per
 * session, guarded on `closed`: a settlement run twice pays nothing twice.
 */
import type { Database } from '@drawhouse/db';
import {
  createScorer,
  formatMoney,
  isLotteryKey,
  lottoPartyResultNotice,
  lottoPartySessionPath,
  splitByShares,
} from '@drawhouse/domain';
import { feedEntries } from '../feed/index.ts';
import { eventId, ledgerQueries, type TransferInput } from '../ledger/index.ts';
import { type Mailer, winMail } from '../notifications/index.ts';
import { createLottoPartyClose } from './lotto-party-close.service.ts';
import { lottoPartyMoney } from './lotto-party-money.repository.ts';

export const lottoPartyPrizeId = (shareId: string) => eventId(`lotto-party-prize:${shareId}`);

const SCORED = ['DRAW_SCORED', 'DRAW_CAPPED', 'DRAW_PAID', 'DRAW_EMAILED'];

type Credited = { email: string; firstname: string; title: string; message: string; cents: number };

export function createLottoPartySettle(deps: {
  db: Database;
  now: () => Date;
  mailer?: Mailer;
  webBaseUrl?: string;
}) {
  const { db } = deps;

  /** Settles one closed session; answers the members credited (empty when nothing was settled now). */
  async function settleInTransaction(sessionId: string): Promise<{ settled: boolean; credited: Credited[] }> {
    return db.transaction(async (tx) => {
      const repo = lottoPartyMoney(tx);
      const found = await repo.lockSession(sessionId);
      const nothing = { settled: false, credited: [] };
      if (found?.session.status !== 'closed' || !SCORED.includes(found.draw.status)) return nothing;
      const { session, draw, group, offerName } = found;
      const scored = await repo.scoredResult(draw.id);
      const lotteryKey = await repo.lotteryKeyOf(session.productOfferKey);
      const catalogue = await repo.gameOfferWithPrice(session.gameOffer);
      if (!scored || !lotteryKey || !isLotteryKey(lotteryKey) || !catalogue) return nothing;
      const games = (session.games ?? []).map((g) => ({ numbers: g.numbers ?? [], powerball: g.powerball }));
      const wins = createScorer(lotteryKey, {
        numbers: scored.result.numbers,
        supplementary: scored.result.supplementary,
      }).score(catalogue.offer.gameTypeKey, games);
      const perGame = new Map(scored.divisions.map((d) => [d.division, d.prizeCents]));
      const prizeCents = wins.reduce((sum, w) => sum + w.combos * (perGame.get(w.division) ?? 0), 0);

      if (!(await repo.markPaid(sessionId, prizeCents))) return nothing;
      const shares = await repo.sharesOf(sessionId);
      const split = splitByShares(
        prizeCents,
        shares.map((s) => ({ id: s.share.id, shares: s.share.shares })),
        Math.max(1, session.sharesSold),
      );
      await repo.insertRemainder({
        drawId: draw.id,
        entryKey: sessionId,
        prizeCents,
        distributedCents: prizeCents - split.remainderCents,
        remainderCents: split.remainderCents,
      });

      const ledger = ledgerQueries(tx);
      const customerIds = [...new Set(shares.map((s) => s.share.customerId))].sort();
      const accounts = await ledger.lockCustomers(customerIds);
      const liability = await ledger.houseAccount('prize_liability');
      const partOf = new Map(split.parts.map((p) => [p.id, p.cents]));
      const transfers: TransferInput[] = [];
      const byCustomer = new Map<string, { cents: number; email: string; firstname: string }>();
      for (const { share, email, firstname } of shares) {
        const cents = partOf.get(share.id) ?? 0;
        await repo.setSharePrize(share.id, cents);
        const member = byCustomer.get(share.customerId) ?? { cents: 0, email, firstname };
        member.cents += cents;
        byCustomer.set(share.customerId, member);
        const wallet = accounts.get(share.customerId)?.wallet;
        if (cents <= 0) continue;
        if (!wallet) throw new Error(`no wallet for customer ${share.customerId}`);
        transfers.push({
          id: lottoPartyPrizeId(share.id),
          debitAccountId: liability,
          creditAccountId: wallet.id,
          amountCents: cents,
          code: 'prize',
          customerId: share.customerId,
          reference: share.id,
          description: `Prize: Lotto Party ${group.name}, ${offerName} draw ${draw.drawNo}`,
        });
      }
      transfers.sort((a, b) => a.creditAccountId - b.creditAccountId);
      await ledger.post(transfers);

      const about = { sessionId, groupName: group.name, offerName, drawNo: draw.drawNo };
      const told = [...byCustomer].map(([customerId, m]) => ({
        customerId,
        member: m,
        notice: lottoPartyResultNotice({ ...about, prizeCents: m.cents }),
      }));
      await feedEntries(tx).addMany(
        told.map((t) => ({
          customerId: t.customerId,
          sourceKey: `lotto-party-result:${sessionId}`,
          notice: t.notice,
        })),
      );
      const credited = told
        .filter((t) => t.member.cents > 0)
        .map((t) => ({
          email: t.member.email,
          firstname: t.member.firstname,
          title: t.notice.title,
          message: t.notice.message,
          cents: t.member.cents,
        }));
      return { settled: true, credited };
    });
  }

  /** Settles a session, then mails its credited members (a failed mail never undoes the credit). */
  async function settleSession(sessionId: string): Promise<boolean> {
    const { settled, credited } = await settleInTransaction(sessionId);
    const { mailer } = deps;
    if (mailer) {
      for (const c of credited) {
        const mail = winMail({
          firstname: c.firstname,
          title: c.title,
          message: c.message,
          credited: formatMoney(c.cents),
          ticketUrl: `${deps.webBaseUrl ?? ''}${lottoPartySessionPath(sessionId)}`,
        });
        await mailer.send({ to: c.email, ...mail }).catch(() => undefined);
      }
    }
    return settled;
  }

  return {
    settleSession,
    /** Settles every closed session of a scored lottery draw; answers how many this call settled. */
    async settleDraw(drawId: string): Promise<number> {
      let settled = 0;
      for (const id of await lottoPartyMoney(db).sessionIdsOfDraw(drawId, 'closed')) {
        if (await settleSession(id)) settled += 1;
      }
      return settled;
    },
  };
}

export type LottoPartySettle = ReturnType<typeof createLottoPartySettle>;

/**
 * The draw engine's hook once a draw is scored: sessions a failed close left open are closed first
 * (refunded in full, see the close), then every closed session settled.
 */
export async function settleLottoPartySessions(
  deps: { db: Database; now: () => Date; mailer?: Mailer; webBaseUrl?: string },
  drawId: string,
): Promise<number> {
  await createLottoPartyClose(deps).closeDraw(drawId);
  return createLottoPartySettle(deps).settleDraw(drawId);
}
