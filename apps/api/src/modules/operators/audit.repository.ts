/** The audit log: rows are only ever inserted (the database refuses anything else). */
import type { AuditQuery } from '@drawhouse/contract';
import { and, auditLog, count, type DbOrTx, desc, eq, gte, lt, type SQL } from '@drawhouse/db';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

const DAY_MS = 86_400_000;

function filters(query: Omit<AuditQuery, 'page' | 'limit'>): SQL | undefined {
  const where: SQL[] = [];
  if (query.operator) where.push(eq(auditLog.operatorName, query.operator));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.targetType) where.push(eq(auditLog.targetType, query.targetType));
  if (query.targetId) where.push(eq(auditLog.targetId, query.targetId));
  // Dates are days in UTC, both ends included.
  if (query.from) where.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) where.push(lt(auditLog.at, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)));
  return where.length > 0 ? and(...where) : undefined;
}

export function auditRepository(db: DbOrTx) {
  return {
    async insert(row: NewAuditRow): Promise<void> {
      await db.insert(auditLog).values(row);
    },

    async page(query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const where = filters(query);
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: totals?.n ?? 0 };
    },

    /** Every matching row, newest first, in batches (the export streams them). */
    async *all(query: Omit<AuditQuery, 'page' | 'limit'>, batch = 1_000): AsyncGenerator<AuditRow[]> {
      const where = filters(query);
      let before: number | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(auditLog)
          .where(before === undefined ? where : and(where, lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(batch);
        if (rows.length === 0) return;
        yield rows;
        before = rows[rows.length - 1]?.id;
        if (rows.length < batch) return;
      }
    },
  };
}
