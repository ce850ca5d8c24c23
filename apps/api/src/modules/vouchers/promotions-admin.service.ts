/**
 * Promo codes in the back office (content role): the list with use counts, one code, and creating
 * or editing one from the form's whole draft (checked by the domain's `checkVoucherDraft`); a code is
 * unique whatever its case (409 with the `code` field's error). Each change is written with its audit
 * row in one transaction.
 */
import type { AdminPromotion, AdminPromotionBody, AdminPromotionList } from '@drawhouse/contract';
import type { Database, DbOrTx } from '@drawhouse/db';
import { centsToMoney, checkVoucherDraft, voucherCodeTaken, voucherLabel } from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import { isUuid } from '../../http/ids.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { type PromotionRow, promotionsAdminRepository } from './promotions-admin.repository.ts';
import type { VoucherRow } from './vouchers.repository.ts';
import { voucherOf } from './vouchers.service.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

function notFound(): AppError {
  return new AppError(404, 'promotion_not_found', 'There is no such promo code.');
}

function codeTaken(code: string): AppError {
  return new AppError(409, 'promotion_code_taken', `The code ${code} is taken.`, {
    code: [voucherCodeTaken(code)],
  });
}

/** What the audit log keeps of a code: its stored values. */
function audited(row: VoucherRow) {
  const { id: _id, createdAt: _createdAt, ...values } = row;
  return values;
}

export function promotionView(row: PromotionRow): AdminPromotion {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    amount: row.amountCents === null ? null : centsToMoney(row.amountCents),
    percent: row.percentBasisPoints === null ? null : row.percentBasisPoints / 100,
    minSpend: centsToMoney(row.minSpendCents),
    validFrom: iso(row.validFrom),
    expiresAt: iso(row.expiresAt),
    perCustomerLimit: row.perCustomerLimit,
    maxRedemptions: row.maxRedemptions,
    active: row.active,
    segments: row.segments,
    label: voucherLabel(voucherOf(row)),
    redemptions: row.redemptions,
    customers: row.customers,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createPromotionsAdmin(deps: { db: Database }) {
  const { db } = deps;
  const repo = promotionsAdminRepository(db);

  async function values(tx: DbOrTx, body: AdminPromotionBody) {
    const checked = checkVoucherDraft(body, await promotionsAdminRepository(tx).segments());
    if (!checked.ok) {
      throw new AppError(400, 'invalid_promotion', 'Check the highlighted fields.', checked.errors);
    }
    return checked.values;
  }

  async function shown(tx: DbOrTx, id: string): Promise<AdminPromotion> {
    const row = await promotionsAdminRepository(tx).byId(id);
    if (!row) throw notFound();
    return promotionView(row);
  }

  return {
    async list(q: string, page: number, limit: number): Promise<AdminPromotionList> {
      const [{ rows, total }, segments] = await Promise.all([repo.search(q, page, limit), repo.segments()]);
      return { promotions: rows.map(promotionView), page, limit, total, segments };
    },

    async show(id: string): Promise<AdminPromotion> {
      if (!isUuid(id)) throw notFound();
      return shown(db, id);
    },

    async create(actor: Actor, body: AdminPromotionBody): Promise<AdminPromotion> {
      return db.transaction(async (tx) => {
        const v = await values(tx, body);
        const row = await promotionsAdminRepository(tx).insert(v);
        if (!row) throw codeTaken(v.code);
        await recordAudit(tx, actor, {
          action: 'voucher.created',
          targetType: 'voucher',
          targetId: row.id,
          after: audited(row),
        });
        return shown(tx, row.id);
      });
    },

    async update(actor: Actor, id: string, body: AdminPromotionBody): Promise<AdminPromotion> {
      if (!isUuid(id)) throw notFound();
      return db.transaction(async (tx) => {
        const q = promotionsAdminRepository(tx);
        const before = await q.lock(id);
        if (!before) throw notFound();
        const v = await values(tx, body);
        const holder = await q.codeHolder(v.code);
        if (holder !== undefined && holder !== id) throw codeTaken(v.code);
        await q.update(id, v);
        await recordAudit(tx, actor, {
          action: 'voucher.updated',
          targetType: 'voucher',
          targetId: id,
          before: audited(before),
          after: audited({ ...before, ...v }),
        });
        return shown(tx, id);
      });
    },
  };
}
