/** Banned countries and customers' location confirmations. */
import { bannedCountries, customerLocationConfirmations, type Database, desc, eq } from '@drawhouse/db';

export function createLocationRepository(db: Database) {
  return {
    async bannedCountries(): Promise<string[]> {
      const rows = await db.select({ code: bannedCountries.countryCode }).from(bannedCountries);
      return rows.map((row) => row.code);
    },

    async latestConfirmation(customerId: string): Promise<{ countryCode: string; confirmedAt: Date } | null> {
      const [row] = await db
        .select({
          countryCode: customerLocationConfirmations.countryCode,
          confirmedAt: customerLocationConfirmations.confirmedAt,
        })
        .from(customerLocationConfirmations)
        .where(eq(customerLocationConfirmations.customerId, customerId))
        .orderBy(desc(customerLocationConfirmations.confirmedAt))
        .limit(1);
      return row ?? null;
    },

    async recordConfirmation(
      customerId: string,
      countryCode: string,
      ipAddress: string,
      now: Date,
    ): Promise<void> {
      await db
        .insert(customerLocationConfirmations)
        .values({ customerId, countryCode, ipAddress, confirmedAt: now });
    },
  };
}

export type LocationRepository = ReturnType<typeof createLocationRepository>;
