/** The banned countries (`banned_countries`), as the back office reads and edits them. */
import { asc, bannedCountries, type DbOrTx, eq } from '@drawhouse/db';

export type BannedCountryRow = typeof bannedCountries.$inferSelect;

export function bannedCountriesRepository(db: DbOrTx) {
  return {
    /** The list, by code; `lock` holds it (every row) until the transaction ends. */
    async list(lock = false): Promise<BannedCountryRow[]> {
      const query = db.select().from(bannedCountries).orderBy(asc(bannedCountries.countryCode));
      return lock ? query.for('update') : query;
    },

    async add(row: { countryCode: string; createdAt: Date }): Promise<void> {
      await db.insert(bannedCountries).values(row).onConflictDoNothing();
    },

    /** Removes the country; answers the removed row, or undefined when it was not banned. */
    async remove(countryCode: string): Promise<BannedCountryRow | undefined> {
      const [row] = await db
        .delete(bannedCountries)
        .where(eq(bannedCountries.countryCode, countryCode))
        .returning();
      return row;
    },
  };
}
