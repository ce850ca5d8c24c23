/**
 * Giveaways in the back office (content role): the list, one giveaway with its entries, winners and
 * proof, a new giveaway from the form (checked by the domain's `giveawayDraftErrors`, made with its
 * secret seed and commitment) and an edit of one that has not opened yet; each change is written
 * with its audit row in one transaction. A wrong form answers 400 field by field, changing nothing.
 */
import type {
  AdminGiveawayBody,
  AdminGiveawayDetail,
  AdminGiveawayList,
  AdminGiveawayQuery,
} from '@drawhouse/contract';
import type { Database, DbOrTx, GiveawayRow } from '@drawhouse/db';
import { centsToMoney, type GiveawayValues, giveawayDraftErrors, giveawayDrawKey } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { adminGiveawayView, giveawayProof } from './giveaway-view.ts';
import { giveawaysAdminRepository } from './giveaways-admin.repository.ts';

function notFound(): AppError {
  return new AppError(404, 'giveaway_not_found', 'There is no such giveaway.');
}

function checked(body: AdminGiveawayBody, now: Date): GiveawayValues {
  const result = giveawayDraftErrors(
    { ...body, prizes: body.prizes.map((p) => ({ ...p, amount: p.amount.amount })) },
    now,
  );
  if (!result.ok) throw new AppError(400, 'invalid_giveaway', 'Check the highlighted fields.', result.errors);
  return result.values;
}

/** The audit's picture of a giveaway's terms. */
function termsOf(v: GiveawayValues | GiveawayRow) {
  return {
    title: v.title,
    description: v.description,
    pill: v.pill,
    permits: v.permits,
    opensAt: v.opensAt.toISOString(),
    closesAt: v.closesAt.toISOString(),
    prizes: v.prizes,
  };
}

/** Whether the form may still change it: open and not opened yet. */
const editable = (g: GiveawayRow, now: Date) => g.status === 'open' && g.opensAt > now;

export function createGiveawaysAdmin(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function show(tx: DbOrTx, id: string): Promise<AdminGiveawayDetail> {
    const repo = giveawaysAdminRepository(tx);
    const row = await repo.one(id);
    if (!row) throw notFound();
    const winners = await repo.winners(id);
    return {
      giveaway: adminGiveawayView(row, now()),
      drawKey: giveawayDrawKey(row.giveaway.type),
      proof: giveawayProof(row.giveaway),
      prizeWinners: winners.map(({ winner: w, firstname, lastname }) => ({
        prizeIndex: w.prizeIndex,
        prize: { title: w.title, amount: centsToMoney(w.amountCents), kind: w.kind },
        entryNumber: w.entryNumber,
        customerId: w.customerId,
        customerName: `${firstname} ${lastname}`.trim(),
        paidAt: w.paidAt?.toISOString() ?? null,
      })),
      editable: editable(row.giveaway, now()),
    };
  }

  return {
    async list(query: AdminGiveawayQuery): Promise<AdminGiveawayList> {
      const { rows, total } = await giveawaysAdminRepository(db).list(query);
      const at = now();
      return {
        giveaways: rows.map((row) => adminGiveawayView(row, at)),
        page: query.page,
        limit: query.limit,
        total,
      };
    },

    show: (id: string) => show(db, id),

    async create(actor: Actor, body: AdminGiveawayBody): Promise<AdminGiveawayDetail> {
      const values = checked(body, now());
      return db.transaction(async (tx) => {
        const made = await giveawaysAdminRepository(tx).insert({
          ...values,
          createdBy: actor.operator.id || null,
        });
        await recordAudit(tx, actor, {
          action: 'giveaway.created',
          targetType: 'giveaway',
          targetId: made.id,
          after: {
            type: made.type,
            externalId: made.externalId,
            ...termsOf(made),
            commitment: made.commitment,
          },
        });
        return show(tx, made.id);
      });
    },

    /**
     * Rewrites a giveaway's terms and prizes before it opens, audited before and after. An unknown id
     * answers 404; one that has opened 409; a wrong form (or another type) 400; nothing changes then.
     */
    async edit(actor: Actor, id: string, body: AdminGiveawayBody): Promise<AdminGiveawayDetail> {
      return db.transaction(async (tx) => {
        const repo = giveawaysAdminRepository(tx);
        const before = await repo.lockForEdit(id);
        if (!before) throw notFound();
        if (!editable(before, now())) {
          throw new AppError(409, 'giveaway_opened', 'A giveaway can be changed only before it opens.');
        }
        if (body.type !== before.type) {
          throw new AppError(400, 'invalid_giveaway', 'Check the highlighted fields.', {
            type: [
              { code: 'type_fixed', message: `Its type stays ${before.type}: make a new giveaway instead.` },
            ],
          });
        }
        const values = checked(body, now());
        await repo.update(id, values);
        await recordAudit(tx, actor, {
          action: 'giveaway.edited',
          targetType: 'giveaway',
          targetId: id,
          before: termsOf(before),
          after: termsOf(values),
        });
        return show(tx, id);
      });
    },
  };
}

export type GiveawaysAdmin = ReturnType<typeof createGiveawaysAdmin>;
