/**
 * Winners told: every paid winner, however small the win, gets a notifications feed entry (the
 * domain's `winNotice`, source key `win:{ticketId}`) and an email with the same words, and the winner
 * of a held prize is told at once that it is being approved (`win-held:{ticketId}`), then again when
 * it is paid. They follow the payouts' events: `prize.credited` (one per batch paid) and
 * `prize.held`, each told in the delivery's own transaction (feed entries in bulk, the mails
 * requested in one statement), so a winner is told once however often a delivery runs; a paid
 * winner's payout is marked `notified_at` there too. DRAW_PAID -> DRAW_EMAILED once every paid
 * winner is told: by the step, or by the delivery that tells the last ones.
 */
import type { DbOrTx } from '@drawhouse/db';
import { formatMoney, winNotice } from '@drawhouse/domain';
import { type Notice, tellNotices } from '../feed/index.ts';
import { winMail } from '../notifications/index.ts';
import type { Subscriber } from '../outbox/index.ts';
import { announcementsRepository } from './announcements.repository.ts';
import { type DrawWithOffer, drawsRepository, type WinnerToTell } from './draws.repository.ts';

export const winSourceKey = (ticketId: string) => `win:${ticketId}`;
const HELD_KEY_PREFIX = 'win-held:';
export const ticketPath = (ticketId: string) => `/my-account/past-tickets/ticket/${ticketId}`;

export type WinNoticeDeps = { now: () => Date; webBaseUrl: string };

function noticeOf(deps: WinNoticeDeps, found: DrawWithOffer, winner: WinnerToTell, held: boolean): Notice {
  const notice = winNotice({
    offerName: found.offer.name,
    drawNo: found.draw.drawNo,
    prizeCents: winner.prizeCents > 0 ? winner.prizeCents : null,
    prizeName: winner.prizeNames.length > 0 ? winner.prizeNames.join(', ') : null,
    ticketPath: ticketPath(winner.ticketId),
    held,
  });
  return {
    customerId: winner.customerId,
    entry: {
      customerId: winner.customerId,
      sourceKey: held ? `${HELD_KEY_PREFIX}${winner.ticketId}` : winSourceKey(winner.ticketId),
      notice,
    },
    to: winner.email,
    mail: winMail({
      firstname: winner.firstname,
      title: notice.title,
      message: notice.message,
      credited: winner.prizeCents > 0 && !held ? formatMoney(winner.prizeCents) : null,
      ticketUrl: `${deps.webBaseUrl}${ticketPath(winner.ticketId)}`,
    }),
  };
}

/** DRAW_PAID with every paid winner told: DRAW_EMAILED. Answers whether this call moved it. */
export const finishAnnouncing = (db: DbOrTx, drawId: string, now: Date) =>
  announcementsRepository(db).finishAnnouncing(drawId, now);

/** `prize.credited`: the batch's winners not told yet, told and marked told; the draw moved on if it was the last. */
export function winNoticesSubscriber(deps: WinNoticeDeps): Subscriber {
  return {
    name: 'win-notices',
    runs: 'in-transaction',
    async handle(tx, event) {
      if (event.type !== 'prize.credited') return;
      const { drawId, ticketIds } = event.payload;
      const drawsRepo = drawsRepository(tx);
      const tellRepo = announcementsRepository(tx);
      // The draw's row first: the payment marking it DRAW_PAID and the step that then looks for
      // winners not told each see this delivery whole or not at all, so one of them always moves it on
      // (without the lock each could miss the other's uncommitted half and leave it DRAW_PAID).
      const found = await drawsRepo.drawById(drawId, 'wait');
      if (!found) return;
      const winners = await tellRepo.claimWinnersToTell(drawId, ticketIds, { status: 'paid' });
      await tellNotices(
        tx,
        winners.map((w) => noticeOf(deps, found, w, false)),
      );
      await tellRepo.markNotified(
        winners.map((w) => w.ticketId),
        deps.now(),
      );
      await tellRepo.finishAnnouncing(drawId, deps.now());
    },
  };
}

/** `prize.held`: each held winner not told yet is told the prize is being approved (once). */
export function heldWinNoticesSubscriber(deps: WinNoticeDeps): Subscriber {
  return {
    name: 'win-held-notices',
    runs: 'in-transaction',
    async handle(tx, event) {
      if (event.type !== 'prize.held') return;
      const { drawId, ticketIds } = event.payload;
      const drawsRepo = drawsRepository(tx);
      const tellRepo = announcementsRepository(tx);
      const found = await drawsRepo.drawById(drawId);
      if (!found) return;
      const winners = await tellRepo.claimWinnersToTell(drawId, ticketIds, {
        status: 'held',
        heldKeyPrefix: HELD_KEY_PREFIX,
      });
      await tellNotices(
        tx,
        winners.map((w) => noticeOf(deps, found, w, true)),
      );
    },
  };
}
