/**
 * DRAW_PAID -> DRAW_EMAILED: every paid winner, however small the win, gets a notifications feed
 * entry (the domain's `winNotice`, source key `win:{ticketId}`, so it is written once) and an email.
 * Winners are taken in batches with `for update skip locked`; the email goes out before the batch
 * commits its `notified_at`, so a crash can send a mail twice but never loses one. Paid winners of a
 * draw still capped (a prize waiting for approval) are told too, and the winner of a held prize is
 * told at once that it is being approved (`win-held:{ticketId}`), then again when it is paid. The
 * draw moves once every winner is told.
 */
import type { Database } from '@drawhouse/db';
import { formatMoney, winNotice } from '@drawhouse/domain';
import { feedEntries } from '../feed/index.ts';
import { type Mailer, winMail } from '../notifications/index.ts';
import { drawEngineRepository, type WinnerToTell } from './draw-engine.repository.ts';

const TELL_BATCH = 200;
/** Mails sent at once within a batch. */
const MAIL_CONCURRENCY = 8;

export const winSourceKey = (ticketId: string) => `win:${ticketId}`;
const HELD_KEY_PREFIX = 'win-held:';
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

  function noticeOf(offerName: string, drawNo: number, winner: WinnerToTell, held: boolean) {
    return winNotice({
      offerName,
      drawNo,
      prizeCents: winner.prizeCents > 0 ? winner.prizeCents : null,
      prizeName: winner.prizeNames.length > 0 ? winner.prizeNames.join(', ') : null,
      ticketPath: ticketPath(winner.ticketId),
      held,
    });
  }

  /** Tells one batch of paid winners (or of held ones: "being approved"); answers how many. */
  async function tellBatch(
    drawId: string,
    offerName: string,
    drawNo: number,
    held: boolean,
  ): Promise<number> {
    return db.transaction(async (tx) => {
      const repo = drawEngineRepository(tx);
      const winners = await repo.claimWinnersToTell(
        drawId,
        TELL_BATCH,
        held ? { status: 'held', heldKeyPrefix: HELD_KEY_PREFIX } : { status: 'paid' },
      );
      if (winners.length === 0) return 0;
      const notices = winners.map((w) => ({ winner: w, notice: noticeOf(offerName, drawNo, w, held) }));
      await feedEntries(tx).addMany(
        notices.map(({ winner, notice }) => ({
          customerId: winner.customerId,
          sourceKey: held ? `${HELD_KEY_PREFIX}${winner.ticketId}` : winSourceKey(winner.ticketId),
          notice,
        })),
      );
      await inParallel(notices, MAIL_CONCURRENCY, async ({ winner, notice }) => {
        const mail = winMail({
          firstname: winner.firstname,
          title: notice.title,
          message: notice.message,
          credited: winner.prizeCents > 0 && !held ? formatMoney(winner.prizeCents) : null,
          ticketUrl: `${deps.webBaseUrl}${ticketPath(winner.ticketId)}`,
        });
        await deps.mailer.send({ to: winner.email, ...mail });
      });
      if (!held) {
        await repo.markNotified(
          winners.map((w) => w.ticketId),
          now(),
        );
      }
      return winners.length;
    });
  }

  return {
    /** Tells the paid winners not told yet; answers whether the draw moved to DRAW_EMAILED. */
    async announce(drawId: string): Promise<boolean> {
      const found = await drawEngineRepository(db).drawById(drawId);
      if (!found || !['DRAW_PAID', 'DRAW_CAPPED'].includes(found.draw.status)) return false;
      const { name } = found.offer;
      while ((await tellBatch(drawId, name, found.draw.drawNo, false)) > 0) {}
      if (found.draw.status === 'DRAW_CAPPED') {
        while ((await tellBatch(drawId, name, found.draw.drawNo, true)) > 0) {}
      }
      return drawEngineRepository(db).finishAnnouncing(drawId, now());
    },
  };
}

export type WinAnnouncer = ReturnType<typeof createWinAnnouncer>;
