/**
 * The banned countries in the back office (admin role): listed, added and removed, each change
 * written with its audit row in one transaction. The API reads the list on every location check, so a
 * change holds from the next request on.
 */
import type { AdminBannedCountries } from '@drawhouse/contract';
import type { DbOrTx } from '@drawhouse/db';
import { banRefusal, countryName } from '@drawhouse/domain';
import { notFound } from '../../http/errors.ts';
import { fieldErrors, validationError } from '../../http/validation.ts';
import { type Actor, recordAudit } from '../operators/index.ts';
import { type BannedCountryRow, bannedCountriesRepository } from './banned-countries.repository.ts';

/** A country's name is the country list's, the one the shop's refusals name it by. */
const nameOf = (countryCode: string) => countryName(countryCode) ?? countryCode;

/** The list by name, as the back office shows it. */
const viewOf = (rows: readonly BannedCountryRow[]): AdminBannedCountries => ({
  countries: rows
    .map((r) => ({
      countryCode: r.countryCode,
      name: nameOf(r.countryCode),
      createdAt: r.createdAt.toISOString(),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en')),
});

export function createBannedCountries(deps: { db: DbOrTx; now: () => Date; changed: () => void }) {
  const { db, now, changed } = deps;

  async function edit(work: (tx: DbOrTx) => Promise<void>): Promise<AdminBannedCountries> {
    const list = await db.transaction(async (tx) => {
      await work(tx);
      return bannedCountriesRepository(tx).list();
    });
    changed();
    return viewOf(list);
  }

  return {
    async show(): Promise<AdminBannedCountries> {
      return viewOf(await bannedCountriesRepository(db).list());
    },

    /** 400 `unknown_country`, `home_country` (Australia) or `already_banned` on `country_code`. */
    add(actor: Actor, code: string): Promise<AdminBannedCountries> {
      return edit(async (tx) => {
        const repo = bannedCountriesRepository(tx);
        const banned = (await repo.list(true)).map((r) => r.countryCode);
        const refused = banRefusal(code, banned);
        if (refused) throw validationError(fieldErrors([['country_code', refused.message, refused.code]]));
        const countryCode = code.trim().toUpperCase();
        const name = nameOf(countryCode);
        await repo.add({ countryCode, createdAt: now() });
        await recordAudit(tx, actor, {
          action: 'banned_country.added',
          targetType: 'banned_country',
          targetId: countryCode,
          before: null,
          after: { countryCode, name },
        });
      });
    },

    /** 404 `not_found` when the country is not banned. */
    remove(actor: Actor, code: string): Promise<AdminBannedCountries> {
      return edit(async (tx) => {
        const countryCode = code.toUpperCase();
        const removed = await bannedCountriesRepository(tx).remove(countryCode);
        if (!removed) throw notFound('not_found', 'That country is not banned.');
        await recordAudit(tx, actor, {
          action: 'banned_country.removed',
          targetType: 'banned_country',
          targetId: countryCode,
          before: { countryCode, name: nameOf(countryCode) },
          after: null,
        });
      });
    },
  };
}
