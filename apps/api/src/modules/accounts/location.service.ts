/**
 * Where the visitor is (their address, located by the IP locator) and what it asks of them: the
 * overview's flags, the confirmation of a resident abroad, and the refusal of a purchase (ADR 079).
 */
import type { LocateResult, LocationConfirmation, LocationFlags } from '@drawhouse/contract';
import {
  AUSTRALIA_CODE,
  locationConfirmationText,
  locationStatus,
  mayConfirmLocation,
  purchaseLocationMessage,
} from '@drawhouse/domain';
import { AppError } from '../../http/errors.ts';
import type { IpLocator } from './ip-locator.ts';
import type { LocationRepository } from './location.repository.ts';

type Customer = { id: string; country: string };

export function createLocationService(repo: LocationRepository, locator: IpLocator, now: () => Date) {
  async function status(ip: string, customer: Customer | null) {
    const located = await locator.locate(ip);
    const locatedCountry = located?.countryCode ?? null;
    // At home (or nowhere known) nothing is asked: no query.
    if (locatedCountry === null || locatedCountry === AUSTRALIA_CODE) {
      return {
        locatedCountry,
        state: located?.state ?? null,
        ...locationStatus({
          locatedCountry,
          bannedCountries: [],
          customerCountry: null,
          confirmedCountry: null,
        }),
      };
    }
    const [banned, confirmation] = await Promise.all([
      repo.bannedCountries(),
      customer ? repo.latestConfirmation(customer.id) : null,
    ]);
    return {
      locatedCountry,
      state: null,
      ...locationStatus({
        locatedCountry,
        bannedCountries: banned,
        customerCountry: customer?.country ?? null,
        confirmedCountry: confirmation?.countryCode ?? null,
      }),
    };
  }

  return {
    async locate(ip: string): Promise<LocateResult> {
      const s = await status(ip, null);
      return {
        countryCode: s.locatedCountry ?? AUSTRALIA_CODE,
        state: s.state,
        countryBanned: s.countryBanned,
      };
    },

    async flags(ip: string, customer: Customer): Promise<LocationFlags> {
      const s = await status(ip, customer);
      return {
        countryBanned: s.countryBanned,
        countryBannedConfirmationRequired: s.countryBannedConfirmationRequired,
        locatedCountry: s.locatedCountry,
        locationConfirmationText:
          s.countryBannedConfirmationRequired && s.locatedCountry
            ? locationConfirmationText(s.locatedCountry)
            : null,
      };
    },

    /** A resident abroad confirms, for the country they are located in now. */
    async confirm(ip: string, customer: Customer, countryCode: string): Promise<LocationConfirmation> {
      const located = (await locator.locate(ip))?.countryCode ?? null;
      if (!mayConfirmLocation({ locatedCountry: located, customerCountry: customer.country })) {
        const s = await status(ip, customer);
        if (s.purchase === 'country_banned' && located) {
          throw new AppError(403, 'country_banned', purchaseLocationMessage('country_banned', located));
        }
        throw new AppError(
          409,
          'location_confirmation_not_needed',
          'There is nothing to confirm from where you are.',
        );
      }
      if (located !== countryCode) {
        throw new AppError(
          409,
          'location_changed',
          'Where you are has changed since the page was shown. Check the details and confirm again.',
        );
      }
      const at = now();
      await repo.recordConfirmation(customer.id, countryCode, ip, at);
      return { countryCode, confirmedAt: at.toISOString() };
    },

    /** The country the address is located in (null: not located). */
    async locatedCountry(ip: string): Promise<string | null> {
      return (await locator.locate(ip))?.countryCode ?? null;
    },
  };
}

export type LocationService = ReturnType<typeof createLocationService>;
