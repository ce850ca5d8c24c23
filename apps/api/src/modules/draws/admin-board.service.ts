/**
 * The back office's draw desk: the calendar, one draw as the results desk sees it (entries blind),
 * the draws holding prizes for finance, and `draw:check` as a report. Reads only; the changes are the
 * engine's (closeEarly, results, release).
 */
import type {
  AdminDraw,
  DrawCalendar,
  DrawCalendarQuery,
  DrawCheckReport,
  DrawDetail,
  DrawState,
  HeldPrizes,
  HeldPrizesList,
} from '@drawhouse/contract';
import type { Database } from '@drawhouse/db';
import { centsToMoney, resultFieldsOf } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { adminBoardRepository, type DeskDrawRow, type HeldRow } from './admin-board.repository.ts';
import { checkDraw, type SessionsCheck } from './draw-check.service.ts';
import { drawResultsRepository } from './draw-results.repository.ts';
import { drawNotFound } from './draw-results.service.ts';
import { drawState, entryView } from './draw-view.ts';
import { drawsRepository } from './draws.repository.ts';
import { lotteryKeyOf } from './result-publishing.service.ts';

const DAY = 86_400_000;
/** The calendar's default days: the last 3 and the next 7. */
const DAYS_BEFORE = 3;
const DAYS_AFTER = 7;
const MAX_DAYS = 62;

function dayOf(value: string | undefined, fallback: Date): Date {
  return value ? new Date(`${value}T00:00:00.000Z`) : fallback;
}

function stateOf(r: DeskDrawRow): DrawState {
  return {
    offerKey: r.offerKey,
    drawNo: r.drawNo,
    status: r.status,
    stopAt: r.stopAt.toISOString(),
    drawAt: r.drawAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
  };
}

function heldView(row: HeldRow | undefined, limitCents: number): HeldPrizes {
  const cents = row?.cents ?? 0;
  const stillValid = row?.firstApprovedBy && row.firstApprovedCents === cents && (row.count ?? 0) > 0;
  return {
    count: row?.count ?? 0,
    total: centsToMoney(cents),
    secondApprovalNeeded: cents > limitCents,
    firstApprovedBy: stillValid ? (row?.firstApprovedBy ?? null) : null,
    firstApprovedAt: stillValid ? (row?.firstApprovedAt?.toISOString() ?? null) : null,
  };
}

export function createAdminBoard(deps: { db: Database; now: () => Date; secondApprovalCents: number }) {
  const { db, now } = deps;
  const board = () => adminBoardRepository(db);

  async function found(offerKey: string, drawNo: number) {
    const draw = await drawsRepository(db).drawByNo(offerKey, drawNo);
    if (!draw) throw drawNotFound(offerKey, drawNo);
    return draw;
  }

  return {
    async calendar(query: DrawCalendarQuery): Promise<DrawCalendar> {
      const today = new Date(Math.floor(now().getTime() / DAY) * DAY);
      const from = dayOf(query.from, new Date(today.getTime() - DAYS_BEFORE * DAY));
      const to = dayOf(query.to, new Date(today.getTime() + DAYS_AFTER * DAY));
      if (to < from || to.getTime() - from.getTime() > MAX_DAYS * DAY) {
        throw new AppError(
          400,
          'validation_error',
          `The days asked run backwards or over ${MAX_DAYS} days.`,
          {
            to: [{ code: 'invalid', message: `At most ${MAX_DAYS} days after from.` }],
          },
        );
      }
      const rows = await board().calendar({
        from,
        to: new Date(to.getTime() + DAY),
        ...(query.offer ? { offer: query.offer } : {}),
        ...(query.status ? { status: query.status } : {}),
      });
      const draws: AdminDraw[] = rows.map((r) => ({
        ...stateOf(r),
        offerName: r.offerName,
        type: r.type,
        heldCount: r.heldCount,
      }));
      const day = (d: Date) => d.toISOString().slice(0, 10);
      return { from: day(from), to: day(to), offers: await board().offers(), draws };
    },

    /** A draw for `viewer` (an operator's name): another operator's figures stay hidden. */
    async detail(offerKey: string, drawNo: number, viewer: string): Promise<DrawDetail> {
      const draw = await found(offerKey, drawNo);
      const id = draw.draw.id;
      const lotteryKey = draw.draw.type === 'lottery_ticket_draw' ? lotteryKeyOf(draw) : undefined;
      const result = await drawsRepository(db).result(id);
      const sales =
        draw.draw.type === 'raffle_ticket_draw'
          ? { tickets: await drawsRepository(db).raffleNumbersSold(id), games: 0 }
          : await drawsRepository(db).gamesSold(id);
      return {
        draw: drawState(draw),
        offerName: draw.offer.name,
        type: draw.draw.type,
        resultFields: lotteryKey ? resultFieldsOf(lotteryKey) : [],
        prizesAwaited: lotteryKey
          ? await drawResultsRepository(db).divisionsAwaitingPrize(id, lotteryKey, draw.draw.drawNo)
          : [],
        entries: (await drawResultsRepository(db).entries(id)).map((e) => entryView(e, viewer)),
        sales,
        result: result ? { numbers: result.numbers, supplementary: result.supplementary } : null,
        held: heldView(await board().heldOf(id), deps.secondApprovalCents),
      };
    },

    async held(): Promise<HeldPrizesList> {
      const rows = await board().heldDraws();
      return {
        draws: rows.map((r) => ({
          ...heldView(r, deps.secondApprovalCents),
          offerName: r.offerName,
          draw: stateOf(r),
        })),
        secondApprovalLimit: centsToMoney(deps.secondApprovalCents),
      };
    },

    async check(offerKey: string, drawNo: number, sessions: SessionsCheck): Promise<DrawCheckReport> {
      const { draw, lines } = await checkDraw(db, offerKey, drawNo, sessions);
      return {
        draw: drawState(draw),
        ok: lines.every((l) => l.ok),
        lines: lines.map((l) => ({
          rule: l.rule,
          ok: l.ok,
          detail: l.detail,
          rows: (l.rows ?? []).slice(0, 20),
        })),
      };
    },
  };
}

export type AdminBoard = ReturnType<typeof createAdminBoard>;
