/**
 * Raffles in the back office (content role): the list with sales, one raffle with its draws (tickets
 * and sales of each, and the proof: the commitment from the start, the seed and winning tickets once
 * the draw is drawn and published), a new raffle from the form (checked by the domain's
 * `checkRaffleDraft`), written with its audit row in one transaction, and an edit (checked by
 * `checkRaffleEdit`: what tickets sold freeze, ADR 063). Its first draw is new, and an edit stamps
 * the raffle's `edited_at`, so the catalogue's `drawsVersion` moves and the shop shows it within a
 * second (ADR 038); `changed` drops this process's cached answers at once.
 */
import {
  type AdminRaffle,
  type AdminRaffleBody,
  type AdminRaffleEditBody,
  type AdminRaffleList,
  type AdminRaffleQuery,
  type RaffleProof,
  RESULT_DRAW_STATUSES,
} from '@drawhouse/contract';
import type { Database, DbOrTx, raffleDrawSeeds } from '@drawhouse/db';
import {
  centsToMoney,
  checkRaffleDraft,
  checkRaffleEdit,
  RAFFLE_CLOSED_REASON,
  type RaffleNow,
  type RaffleValues,
  raffleEditRules,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { rafflesAdminRepository } from './raffles-admin.repository.ts';

type Summary = Awaited<ReturnType<ReturnType<typeof rafflesAdminRepository>['list']>>['rows'][number];
type Detail = NonNullable<Awaited<ReturnType<ReturnType<typeof rafflesAdminRepository>['one']>>>;
type SeedRow = typeof raffleDrawSeeds.$inferSelect;

/** Draws whose buyers still wait for their prizes: the raffle's prizes and prices bind for them. */
const UNPAID_STATUSES: readonly string[] = [
  'DRAW_OPEN',
  'DRAW_CLOSED',
  'DRAW_DRAWN',
  'DRAW_SCORED',
  'DRAW_CAPPED',
];

/** The raffle as the domain's edit rules see it: open while its latest draw takes entries. */
function raffleNowOf(row: Detail, now: Date): RaffleNow {
  const latest = row.draws[0]?.draw;
  return {
    key: row.raffle.productOfferKey,
    name: row.name,
    description: row.description,
    causeKey: row.raffle.causeKey,
    totalTickets: row.raffle.totalTickets,
    closesAt: row.raffle.closesAt,
    books: row.books.map((b) => ({ numTickets: b.numTickets, priceCents: b.priceCents })),
    prizes: row.prizes.map((p) => ({ rank: p.rank, name: p.name, valueCents: p.valueCents })),
    postalEntryAvailable: row.raffle.postalEntryAvailable,
    open: latest !== undefined && latest.status === 'DRAW_OPEN' && latest.stopAt > now,
    ticketsSold: row.raffle.ticketsSold,
    ticketsBinding: row.draws
      .filter((d) => UNPAID_STATUSES.includes(d.draw.status))
      .reduce((n, d) => n + Number(d.ticketsSold), 0),
  };
}

/** The audit's before and after: the fields an edit changed. */
function fieldsOf(v: RaffleValues, fields: readonly (keyof RaffleValues)[]) {
  return Object.fromEntries(
    fields.map((f) => {
      const value = v[f];
      return [f, value instanceof Date ? value.toISOString() : value];
    }),
  );
}

function summary(row: Summary) {
  return {
    key: row.raffle.productOfferKey,
    name: row.name,
    causeKey: row.raffle.causeKey,
    causeName: row.causeName,
    totalTickets: row.raffle.totalTickets,
    ticketsSold: row.raffle.ticketsSold,
    closesAt: row.raffle.closesAt.toISOString(),
    url: row.url,
  };
}

/** The proof as the shop shows it: the seed only once the draw is drawn and its result published. */
function proofOf(seed: SeedRow | null, status: string): RaffleProof | null {
  if (seed === null) return null;
  const proof = { algorithm: seed.algorithm, version: seed.version, commitment: seed.commitment };
  if (seed.drawnAt === null || !(RESULT_DRAW_STATUSES as readonly string[]).includes(status)) return proof;
  return {
    ...proof,
    seed: Buffer.from(seed.seed).toString('hex'),
    ticketsSold: seed.ticketsSold ?? 0,
    winningTickets: seed.winningTickets ?? [],
  };
}

function notFound(): AppError {
  return new AppError(404, 'raffle_not_found', 'There is no such raffle.');
}

export function createRafflesAdmin(deps: { db: Database; now: () => Date; changed?: () => void }) {
  const { db, now } = deps;

  async function show(tx: DbOrTx, key: string): Promise<AdminRaffle> {
    const row = await rafflesAdminRepository(tx).one(key);
    if (!row) throw notFound();
    const rules = raffleEditRules(raffleNowOf(row, now()));
    return {
      ...summary(row),
      description: row.description,
      postalEntryAvailable: row.raffle.postalEntryAvailable,
      books: row.books.map((b) => ({ numTickets: b.numTickets, price: centsToMoney(b.priceCents) })),
      prizes: row.prizes.map((p) => ({ rank: p.rank, name: p.name, value: centsToMoney(p.valueCents) })),
      draws: row.draws.map((d) => ({
        id: d.draw.id,
        drawNo: d.draw.drawNo,
        status: d.draw.status,
        stopAt: d.draw.stopAt.toISOString(),
        drawAt: d.draw.drawAt?.toISOString() ?? null,
        ticketsSold: Number(d.ticketsSold),
        sales: centsToMoney(Number(d.salesCents)),
        proof: proofOf(d.seed, d.draw.status),
      })),
      editRules: {
        closedReason: rules.closedReason,
        frozen: Object.entries(rules.frozen).map(([field, reason]) => ({ field, reason })),
      },
    };
  }

  return {
    async list(query: AdminRaffleQuery): Promise<AdminRaffleList> {
      const repo = rafflesAdminRepository(db);
      const [{ rows, total }, causes] = await Promise.all([
        repo.list({ ...query, now: now() }),
        repo.causes(),
      ]);
      return { raffles: rows.map(summary), causes, page: query.page, limit: query.limit, total };
    },

    show: (key: string) => show(db, key),

    async create(actor: Actor, body: AdminRaffleBody): Promise<AdminRaffle> {
      return db.transaction(async (tx) => {
        const repo = rafflesAdminRepository(tx);
        const causes = await repo.causes();
        const checked = checkRaffleDraft(
          body,
          causes.map((c) => c.key),
          now(),
        );
        if (!checked.ok)
          throw new AppError(400, 'invalid_raffle', 'Check the highlighted fields.', checked.errors);
        const v = checked.values;
        const causeName = causes.find((c) => c.key === v.causeKey)?.name ?? '';
        if (!(await repo.insert(v, causeName))) {
          throw new AppError(409, 'raffle_name_taken', `An offer named like ${v.name} exists already.`, {
            name: [
              {
                code: 'name_taken',
                message: `The shop has an offer at /${v.key} already: choose another name.`,
              },
            ],
          });
        }
        const view = await show(tx, v.key);
        await recordAudit(tx, actor, {
          action: 'raffle.created',
          targetType: 'raffle',
          targetId: v.key,
          after: {
            ...v,
            commitment: view.draws[0]?.proof?.commitment ?? null,
          },
        });
        return view;
      });
    },

    /**
     * Edits a raffle (the fields sent), audited with the fields changed before and after, in one
     * transaction. A closed raffle, or a change its tickets sold freeze, answers 409; a wrong value
     * 400; nothing changes then. Its open draw's stop and draw times move with its close time.
     */
    async edit(actor: Actor, key: string, body: AdminRaffleEditBody): Promise<AdminRaffle> {
      const view = await db.transaction(async (tx) => {
        const repo = rafflesAdminRepository(tx);
        if (!(await repo.lockForEdit(key))) throw notFound();
        const row = await repo.one(key);
        const openDraw = row?.draws[0]?.draw;
        if (!row || !openDraw) throw notFound();
        const at = now();
        const before = raffleNowOf(row, at);
        const causes = await repo.causes();
        const checked = checkRaffleEdit(
          before,
          body,
          causes.map((c) => c.key),
          at,
        );
        if (!checked.ok) throw editRefusal(checked.refusal, checked.errors);
        const { values, changed } = checked;
        if (changed.length === 0) return show(tx, key);
        const causeName = causes.find((c) => c.key === values.causeKey)?.name ?? '';
        await repo.update(values, changed, causeName, openDraw.id, at);
        await recordAudit(tx, actor, {
          action: 'raffle.edited',
          targetType: 'raffle',
          targetId: key,
          before: fieldsOf(before, changed),
          after: fieldsOf(values, changed),
        });
        return show(tx, key);
      });
      deps.changed?.();
      return view;
    },
  };
}

const REFUSALS = {
  closed: [409, 'raffle_closed', RAFFLE_CLOSED_REASON],
  frozen: [409, 'raffle_terms_frozen', 'Tickets have been sold: these changes are not allowed.'],
  invalid: [400, 'invalid_raffle', 'Check the highlighted fields.'],
} as const;

function editRefusal(
  refusal: keyof typeof REFUSALS,
  errors: Record<string, { code: string; message: string }[]>,
): AppError {
  const [status, code, message] = REFUSALS[refusal];
  return new AppError(status, code, message, errors);
}
