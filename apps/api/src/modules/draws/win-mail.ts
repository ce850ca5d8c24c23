/**
 * DRAW_PAID -> DRAW_EMAILED: every paid winner, however small the win, gets a notifications feed
 * entry (the domain's `winNotice`, source key `win:{ticketId}`, so it is written once) and an email.
 * Winners are taken in batches with `for update skip locked`; the email goes out before the batch
 * commits its `notified_at`, so a crash can send a mail twice but never loses one. Paid winners of a
 * draw still capped (a prize waiting for approval) are told too; the draw moves once all are told.
 */
import type { Database } from '@drawhouse/db';
import { formatMoney, winNotice } from '@drawhouse/domain';
import { type Mailer, winMail } from '../notifications/index.ts';
import { drawEngineRepository, type WinnerToTell } from './draw-engine.repository.ts';

const TELL_BATCH = 200;
/** Mails sent at once within a batch. */
const MAIL_CONCURRENCY = 8;

export const winSourceKey = (ticketId: string) => `win:${ticketId}`;
export const ticketPath = (ticketId: string) => `/my-account/past-tickets/ticket/${ticketId}`;

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export function createWinAnnouncer(deps: {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  webBaseUrl: string;
}) {
  const { db, now } = deps;

  function noticeOf(offerName: string, drawNo: number, winner: WinnerToTell) {
    return winNotice({
      offerName,
      drawNo,
      prizeCents: winner.prizeCents > 0 ? winner.prizeCents : null,
      prizeName: winner.prizeNames.length > 0 ? winner.prizeNames.join(', ') : null,
      ticketPath: ticketPath(winner.ticketId),
    });
  }

  async function tellBatch(drawId: string, offerName: string, drawNo: number): Promise<number> {
    return db.transaction(async (tx) => {
      const repo = drawEngineRepository(tx);
      const winners = await repo.claimWinnersToTell(drawId, TELL_BATCH);
      if (winners.length === 0) return 0;
      const notices = winners.map((w) => ({ winner: w, notice: noticeOf(offerName, drawNo, w) }));
      await repo.insertNotifications(
        notices.map(({ winner, notice }) => ({
          customerId: winner.customerId,
          sourceKey: winSourceKey(winner.ticketId),
          title: notice.title,
          icon: notice.icon,
          message: notice.message,
          isAutoDismissed: notice.isAutoDismissed,
          actions: notice.actions,
        })),
      );
      await inParallel(notices, MAIL_CONCURRENCY, async ({ winner, notice }) => {
        const mail = winMail({
          firstname: winner.firstname,
          title: notice.title,
          message: notice.message,
          credited: winner.prizeCents > 0 ? formatMoney(winner.prizeCents) : null,
          ticketUrl: `${deps.webBaseUrl}${ticketPath(winner.ticketId)}`,
        });
        await deps.mailer.send({ to: winner.email, ...mail });
      });
      await repo.markNotified(
        winners.map((w) => w.ticketId),
        now(),
      );
      return winners.length;
    });
  }

  return {
    /** Tells the paid winners not told yet; answers whether the draw moved to DRAW_EMAILED. */
    async announce(drawId: string): Promise<boolean> {
      const found = await drawEngineRepository(db).drawById(drawId);
      if (!found || !['DRAW_PAID', 'DRAW_CAPPED'].includes(found.draw.status)) return false;
      while ((await tellBatch(drawId, found.offer.name, found.draw.drawNo)) > 0) {}
      return drawEngineRepository(db).finishAnnouncing(drawId, now());
    },
  };
}

export type WinAnnouncer = ReturnType<typeof createWinAnnouncer>;
