/**
 * The settlement of a lotto party session once its lottery draw is scored: the entry bought at the
 * close is scored with the domain's scorer and priced at each division's prize per winning game as
 * the draw's scoring set it (as a syndicate's entry is), the prize split by shares
 * (`splitByShares`) into each member's wallet from `prize_liability` (transfer id from the share
 * row), the remainder recorded in `prize_remainders` (entry key: the session id), the session `paid`
 * (a zero prize too) and every member told in the feed, winners by email too (requested in the same
 * transaction), and `lotto_party.session.settled` written. One transaction per session, guarded on
 * `closed`: a settlement run twice pays nothing twice. A whole prize over the
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
import { requestMails, winMail } from '../notifications/index.ts';
import { emit } from '../outbox/index.ts';
import { createLottoPartyClose } from './lotto-party-close.service.ts';
import { lottoPartyMoney } from './lotto-party-money.repository.ts';

export const lottoPartyPrizeId = (shareId: string) => eventId(`lotto-party-prize:${shareId}`);

const SCORED = ['DRAW_SCORED', 'DRAW_CAPPED', 'DRAW_PAID', 'DRAW_EMAILED'];

export type LottoPartySettleDeps = {
  db: Database;
  now: () => Date;
  webBaseUrl?: string;
  /** A prize over it waits for an operator (the draws' approval threshold); none: never held. */
  thresholdCents?: number;
};

export function createLottoPartySettle(deps: LottoPartySettleDeps) {
  const { db } = deps;

  /**
   * Settles one closed session; answers whether this call did, and the prize. With `approvedBy` it
   * settles only a held session (an operator's release), otherwise only one not held, holding it
   * instead when its prize is over the threshold.
   */
  async function settleSession(
    sessionId: string,
    approvedBy?: string,
  ): Promise<{ settled: boolean; prizeCents: number }> {
    return db.transaction(async (tx) => {
      const repo = lottoPartyMoney(tx);
      const found = await repo.lockSession(sessionId);
      const nothing = { settled: false, prizeCents: 0 };
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
      // Members credited are mailed their part (a member whose part is 0 is told in the feed only).
      const url = `${deps.webBaseUrl ?? ''}${lottoPartySessionPath(sessionId)}`;
      await requestMails(
        tx,
        told
          .filter((t) => t.member.cents > 0)
          .map((t) => ({
            about: t.customerId,
            to: t.member.email,
            mail: winMail({
              firstname: t.member.firstname,
              title: t.notice.title,
              message: t.notice.message,
              credited: formatMoney(t.member.cents),
              ticketUrl: url,
            }),
          })),
      );
      await emit(tx, 'lotto_party.session.settled', sessionId, { sessionId, drawId: draw.id, prizeCents });
      return { settled: true, prizeCents };
    });
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
 * Once a draw is scored (`draw.scored`): sessions a late close left open are closed first (refunded
 * in full, see the close), then every closed session settled.
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
