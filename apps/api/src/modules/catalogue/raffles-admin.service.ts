/**
 * Raffles in the back office (content role): the list with sales, one raffle with its draws (tickets
 * and sales of each, and the proof: the commitment from the start, the seed and winning tickets once
 * the draw is drawn and published), and a new raffle from the form (checked by the domain's
 * `checkRaffleDraft`), written with its audit row in one transaction. Its first draw is new, so the
 * catalogue's `drawsVersion` moves and the shop lists it within a second (ADR 038).
 */
import {
  type AdminRaffle,
  type AdminRaffleBody,
  type AdminRaffleList,
  type RaffleProof,
  RESULT_DRAW_STATUSES,
} from '@drawhouse/contract';
import type { Database, DbOrTx, raffleDrawSeeds } from '@drawhouse/db';
import { centsToMoney, checkRaffleDraft } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { rafflesAdminRepository } from './raffles-admin.repository.ts';

type Summary = Awaited<ReturnType<ReturnType<typeof rafflesAdminRepository>['list']>>[number];
type SeedRow = typeof raffleDrawSeeds.$inferSelect;

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

export function createRafflesAdmin(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function show(tx: DbOrTx, key: string): Promise<AdminRaffle> {
    const row = await rafflesAdminRepository(tx).one(key);
    if (!row) throw notFound();
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
    };
  }

  return {
    async list(): Promise<AdminRaffleList> {
      const repo = rafflesAdminRepository(db);
      const [rows, causes] = await Promise.all([repo.list(), repo.causes()]);
      return { raffles: rows.map(summary), causes };
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
                message: `The shop has an offer at /raffles/${v.key} already: choose another name.`,
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
  };
}
