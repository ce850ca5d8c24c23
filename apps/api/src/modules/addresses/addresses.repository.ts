/** The address lookup sandbox's addresses (`sandbox_addresses`). */
import { asc, type DbOrTx, eq, sandboxAddresses, sql } from '@drawhouse/db';

export type SandboxAddressRow = typeof sandboxAddresses.$inferSelect;

/** `like` pattern text with its wildcards escaped. */
const literal = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

export function addressesRepository(db: DbOrTx) {
  return {
    /**
     * Addresses with a word starting with each word typed (a scan of a few thousand rows: the sandbox
     * stands in for a provider's search), shortest first, then by place and street.
     */
    async matching(words: readonly string[], limit: number): Promise<SandboxAddressRow[]> {
      const patterns = words.map((w) => `% ${literal(w)}%`);
      return db
        .select()
        .from(sandboxAddresses)
        .where(sql`' ' || ${sandboxAddresses.search} like all (${sql.param(patterns)}::text[])`)
        .orderBy(
          sql`length(${sandboxAddresses.search})`,
          asc(sandboxAddresses.state),
          asc(sandboxAddresses.suburb),
          asc(sandboxAddresses.addressLine),
        )
        .limit(limit);
    },

    async byId(id: string): Promise<SandboxAddressRow | undefined> {
      const [row] = await db.select().from(sandboxAddresses).where(eq(sandboxAddresses.id, id));
      return row;
    },
  };
}
