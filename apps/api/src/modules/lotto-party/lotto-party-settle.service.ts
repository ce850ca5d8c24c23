/**
 * The settlement of a lotto party session once its lottery draw is scored: the entry bought at the
 * close is scored with the domain's scorer and priced at each division's prize per winning game as
 * the draw's scoring set it (as a syndicate's entry is), the prize split by shares
 * (`splitByShares`) into each member's wallet from `prize_liability` (transfer id from the share
 * row), the remainder recorded in `prize_remainders` (entry key: the session id), the session `paid`
 * (a zero prize too) and every member told in the feed, winners by email too. One transaction per
 * session, guarded on `closed`: a settlement run twice pays nothing twice. A whole prize over the
 * draws' approval threshold is held instead (the session stays `closed`, `held`, nothing credited)
 * until an operator releases the draw's held prizes; then it is split and paid as above.
 */
import type { Database } from '@drawhouse/db';
import {
  createScorer,
  formatMoney,
  isLotteryKey,
  lottoPartyHeldNotice,
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

export type LottoPartySettleDeps = {
  db: Database;
  now: () => Date;
  mailer?: Mailer;
  webBaseUrl?: string;
  /** A prize over it waits for an operator (the draws' approval threshold); none: never held. */
  thresholdCents?: number;
};

export function createLottoPartySettle(deps: LottoPartySettleDeps) {
  const { db } = deps;

  /**
   * Settles one closed session; answers the members credited (empty when nothing was settled now).
   * With `approvedBy` it settles only a held session (an operator's release), otherwise only one not
   * held, holding it instead when its prize is over the threshold.
   */
  async function settleInTransaction(
    sessionId: string,
    approvedBy?: string,
  ): Promise<{ settled: boolean; prizeCents: number; credited: Credited[] }> {
    return db.transaction(async (tx) => {
      const repo = lottoPartyMoney(tx);
      const found = await repo.lockSession(sessionId);
      const nothing = { settled: false, prizeCents: 0, credited: [] };
      if (found?.session.status !== 'closed' || !SCORED.includes(found.draw.status)) return nothing;
      if (found.session.held !== (approvedBy !== undefined)) return nothing;
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
      // A division won without a known prize: the session waits until operators enter it.
      if (wins.some((w) => (perGame.get(w.division) ?? 0) === 0)) return nothing;
      const prizeCents = wins.reduce((sum, w) => sum + w.combos * (perGame.get(w.division) ?? 0), 0);

      // The whole prize, as a single ticket's: over the threshold nothing is credited until released.
      if (approvedBy === undefined && deps.thresholdCents !== undefined && prizeCents > deps.thresholdCents) {
        await repo.holdPrize(sessionId, prizeCents);
        // Each member is told the session won and that the prize waits for approval (once).
        const notice = lottoPartyHeldNotice({
          sessionId,
          groupName: group.name,
          offerName,
          drawNo: draw.drawNo,
          prizeCents,
        });
        const members = [...new Set((await repo.sharesOf(sessionId)).map((s) => s.share.customerId))];
        await feedEntries(tx).addMany(
          members.map((customerId) => ({ customerId, sourceKey: `lotto-party-held:${sessionId}`, notice })),
        );
        return nothing;
      }
      if (!(await repo.markPaid(sessionId, prizeCents, approvedBy))) return nothing;
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
      return { settled: true, prizeCents, credited };
    });
  }

  /** Settles a session, then mails its credited members (a failed mail never undoes the credit). */
  async function settleSession(sessionId: string, approvedBy?: string) {
    const { settled, prizeCents, credited } = await settleInTransaction(sessionId, approvedBy);
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
    return { settled, prizeCents };
  }

  return {
    settleSession,
    /** Settles every closed session of a scored lottery draw; answers how many this call settled. */
    async settleDraw(drawId: string): Promise<number> {
      let settled = 0;
      for (const id of await lottoPartyMoney(db).sessionIdsOfDraw(drawId, 'closed')) {
        if ((await settleSession(id)).settled) settled += 1;
      }
      return settled;
    },

    /** An operator releases the draw's held sessions: each is paid (split by shares) now. */
    async releaseDraw(
      drawId: string,
      operator: string,
    ): Promise<{ sessionId: string; prizeCents: number }[]> {
      const released: { sessionId: string; prizeCents: number }[] = [];
      for (const id of await lottoPartyMoney(db).heldSessionIdsOfDraw(drawId)) {
        const paid = await settleSession(id, operator);
        if (paid.settled) released.push({ sessionId: id, prizeCents: paid.prizeCents });
      }
      return released;
    },
  };
}

export type LottoPartySettle = ReturnType<typeof createLottoPartySettle>;

/**
 * The draw engine's hook once a draw is scored: sessions a failed close left open are closed first
 * (refunded in full, see the close), then every closed session settled.
 */
export async function settleLottoPartySessions(
  deps: Omit<LottoPartySettleDeps, 'thresholdCents'> & { config?: { prizeApprovalThresholdCents: number } },
  drawId: string,
): Promise<number> {
  await createLottoPartyClose(deps).closeDraw(drawId);
  const thresholdCents = deps.config?.prizeApprovalThresholdCents;
  return createLottoPartySettle({ ...deps, thresholdCents }).settleDraw(drawId);
}

/** The operator's release of a draw's held prizes, for its lotto party sessions (see `releaseDraw`). */
export function releaseLottoPartySessions(
  deps: Omit<LottoPartySettleDeps, 'thresholdCents'>,
  drawId: string,
  operator: string,
) {
  return createLottoPartySettle(deps).releaseDraw(drawId, operator);
}
