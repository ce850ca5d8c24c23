/** The operators who enter results and release prizes. */
import { type DbOrTx, eq, operators } from '@drawhouse/db';

export function operatorsRepository(db: DbOrTx) {
  return {
    async insertOperator(name: string, tokenHash: string): Promise<string | undefined> {
      const rows = await db
        .insert(operators)
        .values({ name, tokenHash })
        .onConflictDoNothing()
        .returning({ id: operators.id });
      return rows[0]?.id;
    },

    async operatorById(id: string) {
      const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
      return row;
    },
  };
}

export type OperatorsRepository = ReturnType<typeof operatorsRepository>;
